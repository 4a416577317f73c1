import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { LANGUAGES, type Language } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';

/** The de | en | fr switch of footer and login page (spec 2.2, 2.9). */
export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  return (
    <ButtonGroup variant="text" size={size} aria-label={t('languages.label')}>
      {LANGUAGES.map((lang: Language) => {
        const active = i18n.language === lang;
        return (
          <Button
            key={lang}
            lang={lang}
            // Visible text first, so speech input ("click DE") and the read name agree (WCAG 2.5.3).
            aria-label={`${lang.toUpperCase()} – ${t(`languages.${lang}`)}`}
            aria-pressed={active}
            onClick={() => setLanguage(lang)}
            sx={{
              fontWeight: active ? 700 : 400,
              color: active ? 'primary.main' : 'text.secondary',
              minWidth: 40,
            }}
          >
            {lang.toUpperCase()}
          </Button>
        );
      })}
    </ButtonGroup>
  );
}
