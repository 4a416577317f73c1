import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { BoundField } from '../hooks/use-form-fields';
import type { SignupField } from '../hooks/use-signup-wizard';

interface Props {
  bind: (name: SignupField, hint?: string) => BoundField;
}

/** Step 2: company and person; the phone number is optional. */
export function SignupStepCompany({ bind }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label={t('signup.step2.company')}
        autoComplete="organization"
        required
        autoFocus
        sx={{ gridColumn: '1 / -1' }}
        {...bind('company')}
      />
      <TextField
        label={t('signup.step2.firstname')}
        autoComplete="given-name"
        required
        {...bind('firstname')}
      />
      <TextField
        label={t('signup.step2.lastname')}
        autoComplete="family-name"
        required
        {...bind('lastname')}
      />
      <TextField
        label={t('signup.step2.phone')}
        type="tel"
        autoComplete="tel"
        sx={{ gridColumn: '1 / -1' }}
        {...bind('phone', t('signup.step2.optional'))}
      />
    </Box>
  );
}
