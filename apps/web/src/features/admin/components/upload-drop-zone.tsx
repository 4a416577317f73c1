import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { CATALOGUE_UPLOAD_MAX_BYTES } from '@mediabox/contract';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../shared/text/format';

interface UploadDropZoneProps {
  /** Percent of the bytes sent while an upload runs, null otherwise. */
  progress: number | null;
  /** How many files the running upload has. */
  fileCount: number;
  onFiles: (files: File[]) => void;
}

/**
 * Where files enter a category: dropped from the desktop, or chosen with the button (the keyboard
 * way in). While an upload runs, the zone takes no more files and shows how far it is.
 */
export function UploadDropZone({ progress, fileCount, onFiles }: UploadDropZoneProps) {
  const { t, i18n } = useTranslation();
  const [over, setOver] = useState(false);
  const busy = progress !== null;

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so that choosing the same files again (after fixing them) fires a change.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  const onDragOver = (event: DragEvent) => {
    // Without this the browser would open the dropped file instead of handing it to the page.
    event.preventDefault();
    if (!busy) setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (!busy && files.length > 0) onFiles(files);
  };

  return (
    <Box
      role="group"
      aria-label={t('admin.catalogue.upload.zone')}
      aria-busy={busy}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
        textAlign: 'center',
        transition: 'border-color 120ms, background-color 120ms',
      }}
    >
      <CloudUploadOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
      <Typography sx={{ mt: 1 }}>{t('admin.catalogue.upload.zone')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 640, mx: 'auto' }}>
        {t('admin.catalogue.upload.hint', { max: formatFileSize(CATALOGUE_UPLOAD_MAX_BYTES, i18n.language) })}
      </Typography>
      {busy ? (
        <Box sx={{ maxWidth: 480, mx: 'auto' }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('admin.catalogue.upload.progressLabel')}
          />
          <Typography variant="body2" sx={{ mt: 1 }} role="status">
            {t('admin.catalogue.upload.progress', { count: fileCount, percent: progress })}
          </Typography>
        </Box>
      ) : (
        <Button component="label" variant="outlined">
          {t('admin.catalogue.upload.choose')}
          <input hidden type="file" multiple onChange={onInput} />
        </Button>
      )}
    </Box>
  );
}
