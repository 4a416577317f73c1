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
import { readConsent, saveConsent, type ConsentDecision } from '../../shared/consent';
import { useSnackbar } from '../../shared/ui/snackbar';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The footer's 'Tracking-Einstellungen': the tracking decision, changeable at any time. */
export default function TrackingSettingsDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="tracking-settings-title" maxWidth="sm">
      <DialogTitle id="tracking-settings-title">{t('trackingSettings.title')}</DialogTitle>
      {/* The dialog unmounts its content when closed, so each opening starts from the decision in force. */}
      <SettingsForm onClose={onClose} />
    </Dialog>
  );
}

function SettingsForm({ onClose }: Pick<Props, 'onClose'>) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [current] = useState<ConsentDecision | null>(readConsent);
  const [tracking, setTracking] = useState(current?.tracking === true);

  const save = () => {
    saveConsent(tracking);
    snackbar.show('snack.saved');
    onClose();
  };

  const date = current
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        current.decidedAt,
      )
    : null;

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('trackingSettings.text')}</DialogContentText>
        <FormControlLabel
          control={<Checkbox checked={tracking} onChange={(event) => setTracking(event.target.checked)} />}
          label={t('trackingSettings.label')}
        />
        <DialogContentText variant="body2" sx={{ mt: 1 }}>
          {current === null
            ? t('trackingSettings.undecided')
            : t(current.tracking ? 'trackingSettings.allowed' : 'trackingSettings.refused', { date })}
        </DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          <Link component={RouterLink} to="/privacy" onClick={onClose}>
            {t('trackingSettings.privacy')}
          </Link>
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('trackingSettings.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {t('trackingSettings.save')}
        </Button>
      </DialogActions>
    </>
  );
}
