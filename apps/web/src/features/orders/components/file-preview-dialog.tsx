import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { OrderFile } from '@mediabox/contract';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryingImage } from '../../../shared/ui/retrying-image';

interface FilePreviewDialogProps {
  files: readonly OrderFile[];
  /** The file shown, or null when closed. */
  index: number | null;
  /** Spec 6: only super users delete; everyone else sees the button disabled. */
  canDelete: boolean;
  onIndexChange: (index: number) => void;
  onDelete: (file: OrderFile) => void;
  onClose: () => void;
}

/** Spec 2.10 Dateien: a large preview with previous/next (buttons and arrow keys), download, delete. */
export function FilePreviewDialog({
  files,
  index,
  canDelete,
  onIndexChange,
  onDelete,
  onClose,
}: FilePreviewDialogProps) {
  const { t } = useTranslation();
  const file = index === null ? undefined : files[index];
  const hasPrevious = index !== null && index > 0;
  const hasNext = index !== null && index < files.length - 1;
  const go = (step: -1 | 1) => {
    if (index !== null && (step < 0 ? hasPrevious : hasNext)) onIndexChange(index + step);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  };

  return (
    <Dialog
      open={file !== undefined}
      onClose={onClose}
      onKeyDown={onKeyDown}
      fullWidth
      maxWidth="md"
      aria-labelledby="order-file-title"
    >
      {file && (
        <>
          <DialogTitle id="order-file-title" sx={{ wordBreak: 'break-word' }}>
            {file.originalname}
          </DialogTitle>
          <DialogContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <IconButton
                aria-label={t('orders.files.previous')}
                disabled={!hasPrevious}
                onClick={() => go(-1)}
              >
                <ChevronLeftIcon />
              </IconButton>
              <Box
                sx={{
                  position: 'relative',
                  flex: 1,
                  aspectRatio: '4 / 3',
                  bgcolor: 'grey.100',
                  borderRadius: 1,
                  overflow: 'hidden',
                }}
              >
                {file.previewUrl ? (
                  // The key starts the retries over for each file.
                  <RetryingImage
                    key={file._id}
                    src={file.previewUrl}
                    alt={t('orders.files.image', { name: file.originalname })}
                    eager
                  />
                ) : (
                  <Stack
                    spacing={1}
                    sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center' }}
                  >
                    <InsertDriveFileOutlinedIcon sx={{ fontSize: 72, color: 'text.disabled' }} aria-hidden />
                    <Typography color="text.secondary">{t('orders.files.noPreview')}</Typography>
                  </Stack>
                )}
              </Box>
              <IconButton aria-label={t('orders.files.next')} disabled={!hasNext} onClick={() => go(1)}>
                <ChevronRightIcon />
              </IconButton>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }}>
              {t('orders.files.position', { index: index! + 1, count: files.length })}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            <Tooltip title={canDelete ? '' : t('orders.files.deleteOnlySuperUsers')}>
              {/* A disabled button fires no events; the span lets the tooltip still explain why. */}
              <span style={{ marginRight: 'auto' }}>
                <Button
                  color="error"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={!canDelete}
                  onClick={() => onDelete(file)}
                >
                  {t('orders.files.delete')}
                </Button>
              </span>
            </Tooltip>
            <Button component="a" href={file.url} download={file.originalname} startIcon={<DownloadIcon />}>
              {t('orders.files.download')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('orders.files.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
