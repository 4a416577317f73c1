import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../shared/cart/asset-name';
import { useLanguage } from '../../../shared/i18n/use-language';
import { formatDateTime } from '../../../shared/text/format';
import { PageLoading } from '../../../shared/ui/page-loading';
import { PhoneStackedTable } from '../../../shared/ui/phone-stacked-table';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useSendTakedowns, useTakedowns } from '../api/links-api';
import { AdminTableHead, EmptyTableRow } from '../components/admin-table-parts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorKeys } from '../lib/admin-errors';
import { changeText } from '../lib/asset-change';

const COLUMNS = ['asset', 'change', 'at', 'told', 'mailed'] as const;

// Right-aligned in the table; on a phone the stacked cell reads left to right after its heading.
const NUMBER_CELL = { textAlign: { xs: 'left', sm: 'right' }, fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Issue 20.3 `/admin/takedowns`: the latest withdrawals and replaced files with how many people were
 * told, and the people whose mail waits for tonight's digest, which can go out now instead.
 */
export default function TakedownsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const snackbar = useSnackbar();
  const takedowns = useTakedowns();
  const send = useSendTakedowns();
  const [asking, setAsking] = useState(false);

  if (takedowns.isPending) return <PageLoading />;
  if (takedowns.isError) return <Alert severity="error">{t('admin.loadFailed')}</Alert>;
  const { changes, pendingPeople } = takedowns.data;

  const sendNow = () =>
    send.mutate(undefined, {
      onSuccess: (mailed) => {
        setAsking(false);
        snackbar.show('admin.takedowns.sent', 'success', { count: mailed });
      },
    });

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography>{t('admin.takedowns.pending', { count: pendingPeople })}</Typography>
          <Button
            variant="contained"
            disabled={pendingPeople === 0}
            onClick={() => {
              send.reset();
              setAsking(true);
            }}
            sx={{ flexShrink: 0 }}
          >
            {t('admin.takedowns.sendNow')}
          </Button>
        </Stack>
      </Paper>
      <PhoneStackedTable
        label={t('admin.takedowns.label')}
        columnHeadings={COLUMNS.map((column) => t(`admin.takedowns.columns.${column}`))}
      >
        <Table size="small" aria-label={t('admin.takedowns.label')}>
          <AdminTableHead columns={COLUMNS} label={(column) => t(`admin.takedowns.columns.${column}`)} />
          <TableBody>
            {changes.length === 0 ? (
              <EmptyTableRow colSpan={COLUMNS.length}>
                <Typography color="text.secondary">{t('admin.takedowns.empty')}</Typography>
              </EmptyTableRow>
            ) : (
              changes.map((change) => {
                const text = changeText(change, lang);
                return (
                  <TableRow key={change.id} data-change-id={change.id}>
                    <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {localizedName(change.assetName, lang)}
                    </TableCell>
                    <TableCell>{t(text.key, text.values)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.at, lang)}</TableCell>
                    <TableCell sx={NUMBER_CELL}>{change.told}</TableCell>
                    <TableCell sx={NUMBER_CELL}>{change.mailed}</TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </PhoneStackedTable>
      <ConfirmDialog
        open={asking}
        title={t('admin.takedowns.sendDialog.title')}
        text={t('admin.takedowns.sendDialog.text')}
        confirmLabel={t('admin.takedowns.sendDialog.yes')}
        pending={send.isPending}
        error={asking && send.isError ? errorKeys(send.error) : null}
        onConfirm={sendNow}
        onCancel={() => {
          setAsking(false);
          send.reset();
        }}
      />
    </Stack>
  );
}
