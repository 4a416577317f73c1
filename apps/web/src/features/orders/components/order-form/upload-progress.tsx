import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Spec 2.10: upload progress as a percent. At 100 % the bytes are sent but the server is still
 * storing and checking them, which the text says so nobody closes the page then.
 */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  const done = percent >= 100;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <LinearProgress
        variant={done ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={t('orderForm.upload.label')}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {done ? t('orderForm.upload.processing') : t('orderForm.upload.percent', { percent })}
      </Typography>
    </Box>
  );
}
