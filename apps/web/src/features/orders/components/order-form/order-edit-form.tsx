import { ORDER_STATUSES, type Order, type OrderSave, type OrderStatus } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../../shared/ui/snackbar';
import { useSaveOrder } from '../../api/order-save';
import { useOrderForm } from '../../hooks/use-order-form';
import { changedValues, orderValuesOf } from '../../lib/order-form-values';
import { fieldIssuesOf, saveErrorKeys } from '../../lib/save-errors';
import { OrderFileDrop } from './order-file-drop';
import { OrderFormFields } from './order-form-fields';
import { UploadProgress } from './upload-progress';

interface OrderEditFormProps {
  order: Order;
  /** Spec 4, 6: only super users see and set the status (and with it, notify). */
  superUser: boolean;
  onClose: () => void;
}

/**
 * The Basisdaten edit form (spec 2.10): the order's fields prefilled, the status for super users,
 * files to add. Saving sends `_id` and only what changed, so the history logs just that.
 */
export function OrderEditForm({ order, superUser, onClose }: OrderEditFormProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  // Fixed when editing starts: a refetch of the order meanwhile must not change what counts as changed.
  const [initial] = useState(() => orderValuesOf(order));
  const form = useOrderForm(initial);
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [notify, setNotify] = useState(order.notify);
  const [files, setFiles] = useState<File[]>([]);
  const save = useSaveOrder();
  const busy = save.isPending;

  const changes: Omit<OrderSave, '_id'> = changedValues(initial, form.values);
  if (superUser && status !== order.status) changes.status = status;
  // Spec 4: notify belongs to completing; it is neither shown nor sent for another status.
  if (superUser && status === 'completed' && notify !== order.notify) changes.notify = notify;
  const dirty = Object.keys(changes).length > 0 || files.length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || !form.valid || busy) return;
    save.mutate(
      { save: { _id: order._id, ...changes }, files },
      {
        onSuccess: () => {
          snackbar.show('snack.saved');
          onClose();
        },
        onError: (error) => form.setServerIssues(fieldIssuesOf(error)),
      },
    );
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 4 }}>
      <OrderFormFields form={form} disabled={busy}>
        {superUser && (
          <Box sx={{ display: 'grid', gap: 1, maxWidth: 360 }}>
            <TextField
              select
              label={t('orderForm.status.label')}
              value={status}
              onChange={(event) => setStatus(event.target.value as OrderStatus)}
              disabled={busy}
            >
              {ORDER_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`orderForm.status.${value}`)}
                </MenuItem>
              ))}
            </TextField>
            {status === 'completed' && (
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={notify}
                      onChange={(event) => setNotify(event.target.checked)}
                      disabled={busy}
                    />
                  }
                  label={t('orderForm.notify')}
                />
                <FormHelperText sx={{ mt: 0 }}>{t('orderForm.notifyHint')}</FormHelperText>
              </Box>
            )}
          </Box>
        )}
      </OrderFormFields>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('orderForm.files.addHeading')}
        </Typography>
        <OrderFileDrop files={files} onChange={setFiles} disabled={busy} />
      </Box>
      {save.progress !== null && <UploadProgress percent={save.progress} />}
      {save.isError && (
        <Alert severity="error">{t(saveErrorKeys(save.error, 'orderForm.basics.saveFailed'))}</Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onClose} disabled={busy}>
          {t('orderForm.basics.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || !form.valid || busy}>
          {t('orderForm.basics.save')}
        </Button>
      </Box>
    </Box>
  );
}
