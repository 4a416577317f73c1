import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** The header row of an admin table: one bold, unbroken heading per column. */
export function AdminTableHead<Column extends string>({
  columns,
  label,
}: {
  columns: readonly Column[];
  label: (column: Column) => ReactNode;
}) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
            {label(column)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** The one row an empty admin table shows: a centred message across every column. */
export function EmptyTableRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py: 4, textAlign: 'center' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}
