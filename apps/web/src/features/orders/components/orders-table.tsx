import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { ORDER_PAGE_SIZES, type Order } from '@mediabox/contract';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference, type RowsPerPage } from '../../../shared/preferences';
import { formatDate } from '../../../shared/text/format';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { DEFAULT_SORT, sortOrders, type Sort, type SortColumn } from '../lib/order-list';
import { CountryFlags } from './country-flag';
import { OrderStatusIcon } from './order-status-icon';

interface OrdersTableProps {
  orders: readonly Order[];
  /** Names the table for screen readers ("Orders: Rejected"). */
  label: string;
  /** Spec 2.10: the status column only on the all tab. */
  showStatus: boolean;
  onOpen: (order: Order) => void;
}

const PAGE_LABELS = {
  first: 'orders.table.firstPage',
  previous: 'orders.table.previousPage',
  next: 'orders.table.nextPage',
  last: 'orders.table.lastPage',
} as const;

/**
 * Spec 2.10 orders table: sortable columns (name ascending first), pages of 5, 10 or 25 rows with the
 * choice remembered (`rowsPerPage`). A row opens its order on click or Enter.
 */
export function OrdersTable({ orders, label, showStatus, onOpen }: OrdersTableProps) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = usePreference('rowsPerPage');
  const sorted = useMemo(() => sortOrders(orders, sort, i18n.language), [orders, sort, i18n.language]);

  const columns: SortColumn[] = ['name', 'articleId', 'gtin', 'createdAt', 'username', 'country'];
  if (showStatus) columns.push('status');
  // After a refetch shrank the list, the last page that still has rows.
  const lastPage = Math.max(0, Math.ceil(sorted.length / rowsPerPage) - 1);
  const shownPage = Math.min(page, lastPage);
  const rows = sorted.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage);

  const sortBy = (column: SortColumn) =>
    setSort((old) => ({
      column,
      direction: old.column === column && old.direction === 'asc' ? 'desc' : 'asc',
    }));
  const openOnEnter = (event: KeyboardEvent, order: Order) => {
    if (event.key === 'Enter') onOpen(order);
  };

  return (
    <>
      <PhoneStackedTable label={label} columnHeadings={columns.map((column) => t(`orders.table.${column}`))}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = sort.column === column;
                return (
                  <TableCell
                    key={column}
                    sortDirection={active ? sort.direction : false}
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : 'asc'}
                      onClick={() => sortBy(column)}
                    >
                      {t(`orders.table.${column}`)}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center' }}>
                  <Typography color="text.secondary">{t('orders.table.empty')}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((order) => (
                <TableRow
                  key={order._id}
                  hover
                  tabIndex={0}
                  data-order-id={order._id}
                  onClick={() => onOpen(order)}
                  onKeyDown={(event) => openOnEnter(event, order)}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell sx={{ fontWeight: 500, maxWidth: 320, wordBreak: 'break-word' }}>
                    {order.name}
                  </TableCell>
                  <TableCell>{order.articleId}</TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{order.gtin}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(order.createdAt, i18n.language)}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{order.username}</TableCell>
                  <TableCell>
                    <CountryFlags order={order} />
                  </TableCell>
                  {showStatus && (
                    <TableCell>
                      <OrderStatusIcon status={order.status} />
                    </TableCell>
                  )}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </PhoneStackedTable>
      <TablePagination
        component="div"
        count={sorted.length}
        page={shownPage}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[...ORDER_PAGE_SIZES]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value) as RowsPerPage);
          setPage(0);
        }}
        labelRowsPerPage={t('orders.table.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('orders.table.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(PAGE_LABELS[type])}
      />
    </>
  );
}
