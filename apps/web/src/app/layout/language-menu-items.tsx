import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES } from '@mediabox/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { setLanguage } from '../../shared/i18n';

/**
 * The language choice inside a menu (profile and mobile menus). An array, not a component,
 * because MUI menus need their items as direct children for keyboard navigation.
 */
export function languageMenuItems(t: TFunction, current: string, onDone: () => void): ReactNode[] {
  return [
    <ListSubheader key="language-header" sx={{ lineHeight: '36px' }}>
      {t('AppBar.profile.language')}
    </ListSubheader>,
    ...LANGUAGES.map((lang) => (
      <MenuItem
        key={`language-${lang}`}
        lang={lang}
        role="menuitemradio"
        aria-checked={current === lang}
        onClick={() => {
          setLanguage(lang);
          onDone();
        }}
      >
        <ListItemIcon>{current === lang && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText>{t(`languages.${lang}`)}</ListItemText>
      </MenuItem>
    )),
  ];
}
