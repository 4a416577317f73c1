import { APPROVAL_PROMISE_HOURS } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Step 4: what happens next (confirm the address, then an administrator approves). */
export function SignupStepDone() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Alert severity="success">
        <AlertTitle>{t('signup.step4.title')}</AlertTitle>
        {t('signup.step4.text', { hours: APPROVAL_PROMISE_HOURS })}
      </Alert>
      <Button component={RouterLink} to="/login" variant="contained" sx={{ justifySelf: 'center' }}>
        {t('signup.step4.login')}
      </Button>
    </Box>
  );
}
