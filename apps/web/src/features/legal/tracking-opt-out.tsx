import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { saveConsent, useConsent } from '../../shared/consent';

/**
 * The opt-out frame of the privacy policy: one checkbox bound to the shared tracking decision, so
 * a choice in the consent bar or the footer's dialog shows here at once (and the other way round).
 */
export function TrackingOptOut() {
  const { t, i18n } = useTranslation();
  const decision = useConsent();
  const decidedAt = decision
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        decision.decidedAt,
      )
    : null;

  return (
    <Box
      component="section"
      aria-labelledby="tracking-opt-out-title"
      sx={{ border: 2, borderColor: 'primary.main', borderRadius: 1, p: 2, my: 3 }}
    >
      <Typography id="tracking-opt-out-title" variant="h6" component="h2" gutterBottom>
        {t('legal.privacy.optOut.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('legal.privacy.optOut.text')}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={decision?.tracking === true}
            onChange={(event) => saveConsent(event.target.checked)}
          />
        }
        label={t('legal.privacy.optOut.label')}
      />
      <Typography variant="body2" color="text.secondary" role="status">
        {decision === null
          ? t('legal.privacy.optOut.undecided')
          : t(decision.tracking ? 'legal.privacy.optOut.allowed' : 'legal.privacy.optOut.refused', {
              date: decidedAt,
            })}
      </Typography>
    </Box>
  );
}
