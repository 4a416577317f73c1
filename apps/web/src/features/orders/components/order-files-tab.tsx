import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Order, OrderFile } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useStoredUser } from '../../../shared/auth/user-store';
import { RetryingImage } from '../../../shared/ui/retrying-image';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useRemoveOrderFile } from '../api/orders-api';
import { FilePreviewDialog } from './file-preview-dialog';

/** Spec 2.10 Dateien: thumbnails that open the preview; non-images show a file icon and their name. */
export function OrderFilesTab({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const superUser = Boolean(useStoredUser()?.isSuperUser);
  const remove = useRemoveOrderFile(order._id);
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<OrderFile | null>(null);
  const files = order.files;
  // After a deletion the list is shorter: stay at the same place, or close when nothing is left.
  const shown = open === null || files.length === 0 ? null : Math.min(open, files.length - 1);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => snackbar.show('orders.files.deleted'),
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : '';
        snackbar.show(code && i18n.exists(code) ? code : 'orders.files.deleteFailed', 'error');
      },
      onSettled: () => setDeleting(null),
    });
  };

  if (files.length === 0) return <Typography color="text.secondary">{t('orders.files.empty')}</Typography>;
  return (
    <>
      <Box
        component="ul"
        aria-label={t('orders.files.label')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
        }}
      >
        {files.map((file, index) => (
          <li key={file._id}>
            <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
              <ButtonBase
                aria-label={t('orders.files.open', { name: file.originalname })}
                onClick={() => setOpen(index)}
                sx={{ display: 'block', width: '100%', textAlign: 'left' }}
              >
                <Box sx={{ position: 'relative', aspectRatio: '1', bgcolor: 'grey.100' }}>
                  {file.thumbUrl ? (
                    <RetryingImage src={file.thumbUrl} alt="" />
                  ) : (
                    <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                      <InsertDriveFileOutlinedIcon
                        sx={{ fontSize: 56, color: 'text.disabled' }}
                        aria-hidden
                      />
                    </Box>
                  )}
                </Box>
                <Typography variant="body2" noWrap title={file.originalname} sx={{ px: 1.5, py: 1 }}>
                  {file.originalname}
                </Typography>
              </ButtonBase>
            </Paper>
          </li>
        ))}
      </Box>
      <FilePreviewDialog
        files={files}
        index={shown}
        canDelete={superUser}
        onIndexChange={setOpen}
        onDelete={setDeleting}
        onClose={() => setOpen(null)}
      />
      {/* A sibling of the preview, not its child: its key presses must not page the preview. */}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        aria-labelledby="delete-order-file-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="delete-order-file-title">{t('orders.files.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('orders.files.confirmText', { name: deleting?.originalname ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDeleting(null)} autoFocus>
            {t('orders.files.no')}
          </Button>
          <Button variant="contained" color="error" onClick={confirmDelete} disabled={remove.isPending}>
            {t('orders.files.yes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
