import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useStoredUser } from '../../../shared/auth/user-store';
import { PageLoading } from '../../../shared/ui/page-loading';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useOrders } from '../api/orders-api';
import { OrdersTable } from '../components/orders-table';
import { ALL_TAB, ORDER_TABS, tabCounts, tabLabelKey, tabOfStep, visibleTabs } from '../lib/order-list';

/** Spec 2.10 `/orders` and `/orders/{step}`: the orders by status, one tab each. */
export default function OrdersPage() {
  const { t } = useTranslation();
  usePageTitle('orders.pageTitle');
  const navigate = useNavigate();
  const superUser = Boolean(useStoredUser()?.isSuperUser);
  const tab = tabOfStep(useParams().step, superUser);
  const orders = useOrders();
  const all = orders.data;
  const counts = useMemo(() => tabCounts(all ?? []), [all]);
  const shown = useMemo(
    () => (all ?? []).filter((order) => ORDER_TABS[tab]!.matches(order.status)),
    [all, tab],
  );
  const tabLabel = (index: number) => t(tabLabelKey(ORDER_TABS[index]!));

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
        {t('orders.heading')}
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: number) => void navigate(`/orders/${next}`)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('orders.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {visibleTabs(superUser).map((_tab, index) => (
            <Tab
              key={index}
              value={index}
              id={`orders-tab-${index}`}
              aria-controls="orders-tabpanel"
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{tabLabel(index)}</span>
                  {all && (
                    <Box
                      component="span"
                      sx={{
                        minWidth: 22,
                        px: 0.75,
                        borderRadius: 11,
                        fontSize: '0.75rem',
                        lineHeight: '22px',
                        bgcolor: index === tab ? 'primary.main' : 'action.selected',
                        color: index === tab ? 'primary.contrastText' : 'text.primary',
                      }}
                    >
                      {counts[index]}
                    </Box>
                  )}
                </Stack>
              }
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="orders-tabpanel" aria-labelledby={`orders-tab-${tab}`}>
          {orders.isPending ? (
            <PageLoading />
          ) : orders.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {t('orders.loadFailed')}
            </Alert>
          ) : (
            <OrdersTable
              // A new tab starts on its first page.
              key={tab}
              orders={shown}
              label={t('orders.table.label', { tab: tabLabel(tab) })}
              showStatus={tab === ALL_TAB}
              onOpen={(order) => void navigate(`/order/${order._id}/0`)}
            />
          )}
        </Box>
      </Paper>
    </Stack>
  );
}
