import { ADMIN_PAGE_SIZE } from '@mediabox/contract';
import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES = [25, ADMIN_PAGE_SIZE, 100];
const PAGE_LABELS = {
  first: 'admin.paging.firstPage',
  previous: 'admin.paging.previousPage',
  next: 'admin.paging.nextPage',
  last: 'admin.paging.lastPage',
} as const;

/**
 * The paging bar under every server-paged admin table, translated. A new page size starts again
 * at the first page.
 */
export function AdminPagination({
  total,
  page,
  limit,
  onPageChange,
  onLimitChange,
}: {
  total: number;
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={limit}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => {
        onLimitChange(Number(event.target.value));
        onPageChange(0);
      }}
      labelRowsPerPage={t('admin.paging.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('admin.paging.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(PAGE_LABELS[type])}
    />
  );
}
