import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SignupMissingItem } from '../hooks/use-signup-wizard';

export const SIGNUP_MISSING_HINT_ID = 'signup-missing-hint';

/** Written out, so that a missing translation of any of them fails the translations test. */
const MISSING_TEXT: Record<SignupMissingItem, string> = {
  email: 'signup.missing.items.email',
  emailFree: 'signup.missing.items.emailFree',
  password: 'signup.missing.items.password',
  passwordRepeat: 'signup.missing.items.passwordRepeat',
  company: 'signup.missing.items.company',
  firstname: 'signup.missing.items.firstname',
  lastname: 'signup.missing.items.lastname',
  phone: 'signup.missing.items.phone',
  contactPerson: 'signup.missing.items.contactPerson',
  tou: 'signup.missing.items.tou',
};

/**
 * Says why the next button is disabled (issue 19.12): what the step still needs, as one sentence.
 * It is a neutral hint, not an error: the step is simply not finished yet.
 */
export function SignupMissingHint({ missing }: { missing: readonly SignupMissingItem[] }) {
  const { t, i18n } = useTranslation();
  if (missing.length === 0) return null;
  const items = missing.map((item) => t(MISSING_TEXT[item]));
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(items);
  return (
    <Typography
      id={SIGNUP_MISSING_HINT_ID}
      variant="body2"
      color="text.secondary"
      aria-live="polite"
      sx={{ mt: 1, textAlign: 'right' }}
    >
      {t('signup.missing.intro', { list })}
    </Typography>
  );
}
