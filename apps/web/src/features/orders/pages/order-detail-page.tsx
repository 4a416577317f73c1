import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Order } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { PageLoading } from '../../../shared/ui/page-loading';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useOrder } from '../api/orders-api';
import { OrderBasicsTab } from '../components/basics-tab';
import { OrderFilesTab } from '../components/order-files-tab';
import { OrderHistoryTab } from '../components/order-history-tab';
import { OrderNextActions } from '../components/order-next-actions';
import { OrderReviewTab } from '../components/order-review-tab';
import { OrderStatusStepper } from '../components/order-status-stepper';

const BASICS = 0;
const REVIEW = 2;
const STEPS = 4;

/** Spec 2.10: the review tab is disabled while the order is still being worked on (status new). */
const reviewDisabled = (order: Order) => order.status === 'new';

/** `/order/{id}/{step}`: an unknown step, or the disabled review tab, shows the basic data. */
function stepOf(param: string | undefined, order: Order): number {
  const step = /^\d$/.test(param ?? '') ? Number(param) : BASICS;
  if (step >= STEPS || (step === REVIEW && reviewDisabled(order))) return BASICS;
  return step;
}

/** Spec 2.10 `/order/{id}` and `/order/{id}/{step}`. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const query = useOrder(id);
  const order = query.data;
  usePageTitle(order ? 'orders.detail.pageTitle' : 'nav.order', order ? { name: order.name } : undefined);

  if (query.isPending) return <PageLoading />;
  if (!order) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return notFound ? (
      <Typography role="alert" variant="h6" component="p" sx={{ py: 6, textAlign: 'center' }}>
        {t('order.errors.notFound')}
      </Typography>
    ) : (
      <Alert severity="error">{t('orders.detail.loadFailed')}</Alert>
    );
  }

  const step = stepOf(params.step, order);
  const tabs = [
    { key: 'basics', label: t('orders.detail.tabs.basics') },
    { key: 'files', label: t('orders.detail.tabs.files', { count: order.files.length }) },
    { key: 'review', label: t('orders.detail.tabs.review'), disabled: reviewDisabled(order) },
    { key: 'history', label: t('orders.detail.tabs.history') },
  ];

  return (
    <Stack spacing={3}>
      <Box>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 600, color: 'primary.dark', wordBreak: 'break-word' }}
        >
          {order.name}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            {t('orders.detail.orderNumber', { number: order.orderNumber })}
          </Typography>
          <Chip size="small" label={t(`orders.status.${order.status}`)} />
        </Stack>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2.5 }}>
        <OrderStatusStepper status={order.status} />
        <OrderNextActions order={order} />
      </Paper>
      <Paper variant="outlined">
        <Tabs
          value={step}
          onChange={(_event, next: number) => void navigate(`/order/${order._id}/${next}`)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('orders.detail.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {tabs.map((tab, index) => (
            <Tab
              key={tab.key}
              value={index}
              label={tab.label}
              disabled={tab.disabled}
              id={`order-tab-${tab.key}`}
              aria-controls="order-tabpanel"
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id="order-tabpanel"
          aria-labelledby={`order-tab-${tabs[step]!.key}`}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          {step === 0 && <OrderBasicsTab order={order} />}
          {step === 1 && <OrderFilesTab order={order} />}
          {step === 2 && <OrderReviewTab order={order} />}
          {step === 3 && <OrderHistoryTab order={order} />}
        </Box>
      </Paper>
    </Stack>
  );
}
