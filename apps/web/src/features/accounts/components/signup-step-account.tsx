import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { BoundField } from '../hooks/use-form-fields';
import type { SignupField } from '../hooks/use-signup-wizard';

interface Props {
  bind: (name: SignupField, hint?: string) => BoundField;
  /** Leaving the e-mail field also asks the server whether the address is free. */
  onEmailBlur: () => void;
}

/** Step 1: e-mail address and password twice. */
export function SignupStepAccount({ bind, onEmailBlur }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label={t('signup.step1.email')}
        type="email"
        autoComplete="email"
        required
        autoFocus
        {...bind('email')}
        onBlur={onEmailBlur}
      />
      <TextField
        label={t('signup.step1.password')}
        type="password"
        autoComplete="new-password"
        required
        {...bind('password', t('signup.step1.passwordHint'))}
      />
      <TextField
        label={t('signup.step1.passwordRepeat')}
        type="password"
        autoComplete="new-password"
        required
        {...bind('passwordRepeat')}
      />
    </Box>
  );
}
