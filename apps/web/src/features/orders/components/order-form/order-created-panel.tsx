import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Order } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Spec 2.10: the thank-you text with the order number and the promise of a confirmation mail. */
export function OrderCreatedPanel({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 2, sm: 4 } }}>
      <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
      <Typography variant="h5" component="h2" gutterBottom>
        {t('orderForm.done.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('orderForm.done.text', { orderNumber: order.orderNumber })}</Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/order/${order._id}/0`} variant="contained">
          {t('orderForm.done.toOrder')}
        </Button>
        <Button component={RouterLink} to="/orders" variant="outlined">
          {t('orderForm.done.toOrders')}
        </Button>
      </Box>
    </Box>
  );
}
