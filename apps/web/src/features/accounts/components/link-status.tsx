import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Shown while a link is being checked. */
export function LinkChecking({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
      <CircularProgress size={24} />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

/** A final message (invalid link, success) with the way on to the login page. */
export function LinkOutcome({ severity, text }: { severity: 'success' | 'info' | 'error'; text: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Alert severity={severity}>{text}</Alert>
      <Button component={RouterLink} to="/login" variant="contained" sx={{ justifySelf: 'center' }}>
        {t('confirm.login')}
      </Button>
    </Box>
  );
}
