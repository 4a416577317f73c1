import type { Order } from '@mediabox/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStoredUser } from '../../../shared/auth/user-store';
import { formatDateTime } from '../../../shared/text/format';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useDeactivateOrder } from '../api/order-deactivate';
import { orderValuesOf } from '../lib/order-form-values';
import { DeleteOrderDialog } from './order-form/delete-order-dialog';
import { OrderEditForm } from './order-form/order-edit-form';
import { OrderSummary } from './order-form/order-summary';

/**
 * Tab 0 of the order page (spec 2.10 Basisdaten): the order read-only with 'Auftrag bearbeiten',
 * and for super users 'Auftrag löschen', which deactivates it and goes to /orders.
 */
export function OrderBasicsTab({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const superUser = useStoredUser()?.isSuperUser ?? false;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deactivate = useDeactivateOrder();

  if (editing) {
    return <OrderEditForm order={order} onClose={() => setEditing(false)} />;
  }

  const onDelete = () =>
    deactivate.mutate(order._id, {
      onSuccess: () => {
        setConfirming(false);
        snackbar.show('orderForm.basics.deleted');
        void navigate('/orders');
      },
    });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <OrderSummary
        values={orderValuesOf(order)}
        leading={[
          { label: t('orderForm.summary.orderNumber'), value: order.orderNumber },
          { label: t('orderForm.status.label'), value: t(`orders.status.${order.status}`) },
          { label: t('orderForm.summary.createdAt'), value: formatDateTime(order.createdAt, i18n.language) },
          { label: t('orderForm.summary.createdBy'), value: order.username },
          {
            label: t('orderForm.summary.lastModifiedAt'),
            value: formatDateTime(order.lastModifiedAt, i18n.language),
          },
        ]}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {superUser && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => {
              deactivate.reset();
              setConfirming(true);
            }}
          >
            {t('orderForm.basics.delete')}
          </Button>
        )}
        <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
          {t('orderForm.basics.edit')}
        </Button>
      </Box>
      <DeleteOrderDialog
        open={confirming}
        orderNumber={order.orderNumber}
        pending={deactivate.isPending}
        failed={deactivate.isError}
        onYes={onDelete}
        onNo={() => setConfirming(false)}
      />
    </Box>
  );
}
