import type { Order, OrderSave } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  onClose: () => void;
}

/**
 * The Basisdaten edit form (spec 2.10): the order's fields prefilled, files to add. Saving sends
 * `_id` and only what changed, so the history logs just that. The status is no field here any more:
 * it moves by the order's next actions above the tabs, which cannot skip the review (issue 19).
 */
export function OrderEditForm({ order, onClose }: OrderEditFormProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  // Fixed when editing starts: a refetch of the order meanwhile must not change what counts as changed.
  const [initial] = useState(() => orderValuesOf(order));
  const form = useOrderForm(initial);
  const [files, setFiles] = useState<File[]>([]);
  const save = useSaveOrder();
  const busy = save.isPending;

  const changes: Omit<OrderSave, '_id'> = changedValues(initial, form.values);
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
      <OrderFormFields form={form} disabled={busy} />
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
