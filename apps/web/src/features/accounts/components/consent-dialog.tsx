import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { readConsent, saveConsent, useConsentPrompt } from '../../../shared/consent';

/**
 * First-visit consent (spec 2.9). A decision must be saved: Escape and backdrop clicks do nothing,
 * because closing without a decision would leave tracking in an undefined state. Tracking starts
 * unticked: no consent is assumed.
 */
export function ConsentDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => readConsent() === null);
  const [tracking, setTracking] = useState(false);
  useConsentPrompt(open);

  const save = () => {
    // Before sign-in this stays in the browser; the sign-in then pushes it to the account.
    saveConsent(tracking);
    setOpen(false);
  };

  return (
    <Dialog open={open} disableEscapeKeyDown aria-labelledby="consent-title" maxWidth="sm">
      <DialogTitle id="consent-title">{t('consent.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('consent.text')}</DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={tracking} onChange={(event) => setTracking(event.target.checked)} />}
          label={t('consent.tracking')}
        />
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          <Link component={RouterLink} to="/privacy">
            {t('consent.privacy')}
          </Link>
          {' · '}
          <Link component={RouterLink} to="/cookies">
            {t('consent.cookies')}
          </Link>
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={save}>
          {t('consent.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
