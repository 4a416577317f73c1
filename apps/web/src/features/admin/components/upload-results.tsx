import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { UploadedAsset } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { assetPath } from '../../../shared/routing/paths';
import type { UploadReport } from '../api/catalogue-upload';
import { useLanguage } from '../../../shared/i18n/use-language';
import { imageCategoryName } from '../lib/admin-asset';
import { refusalKeys } from '../lib/upload-refusals';
import { AdminTableHead } from './admin-table-parts';
import { ScrollableTableContainer } from '../../../shared/ui/scrollable-table-container';

const COLUMNS = ['file', 'outcome', 'gtin', 'view', 'version', 'variant', 'asset'] as const;
const OUTCOMES = {
  created: { label: 'admin.catalogue.upload.outcomes.created', color: 'success' },
  updated: { label: 'admin.catalogue.upload.outcomes.updated', color: 'info' },
  unchanged: { label: 'admin.catalogue.upload.outcomes.unchanged', color: 'default' },
} as const satisfies Record<UploadedAsset['outcome'], { label: string; color: ChipProps['color'] }>;

const count = (stored: UploadedAsset[], outcome: UploadedAsset['outcome']) =>
  stored.filter((asset) => asset.outcome === outcome).length;

/**
 * What became of each file of the last upload: stored ones with what their GS1 name told (GTIN,
 * view, version, variant) and a link to the asset, refused ones with the reason, so the admin can
 * fix exactly those files and drop them again.
 */
export function UploadResults({ report, onClear }: { report: UploadReport; onClear: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { stored, refused } = report;
  const dash = (value: string | number | null) => (value === null || value === '' ? '–' : value);

  return (
    <Stack spacing={1.5}>
      <Alert
        severity={refused.length > 0 || report.stoppedBy ? 'warning' : 'success'}
        action={
          <Button color="inherit" size="small" onClick={onClear}>
            {t('admin.catalogue.upload.clear')}
          </Button>
        }
      >
        {t('admin.catalogue.upload.summary', {
          count: stored.length,
          created: count(stored, 'created'),
          updated: count(stored, 'updated'),
          unchanged: count(stored, 'unchanged'),
        })}
        {refused.length > 0 && ` ${t('admin.catalogue.upload.refusedSummary', { count: refused.length })}`}
      </Alert>
      {report.stoppedBy && (
        <Alert severity="error">
          {t(report.stoppedBy)} {t('admin.catalogue.upload.unsent', { names: report.unsent.join(', ') })}
        </Alert>
      )}
      <ScrollableTableContainer label={t('admin.catalogue.upload.results')}>
        <Table size="small" aria-label={t('admin.catalogue.upload.results')}>
          <AdminTableHead
            columns={COLUMNS}
            label={(column) => t(`admin.catalogue.upload.columns.${column}`)}
          />
          <TableBody>
            {refused.map((file) => (
              <TableRow key={`refused:${file.fileName}`} data-file={file.fileName}>
                <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>{file.fileName}</TableCell>
                <TableCell>
                  <Chip size="small" color="error" label={t('admin.catalogue.upload.outcomes.refused')} />
                </TableCell>
                <TableCell colSpan={COLUMNS.length - 2}>{t(refusalKeys(file.code))}</TableCell>
              </TableRow>
            ))}
            {stored.map((asset) => {
              const outcome = OUTCOMES[asset.outcome];
              return (
                <TableRow key={`stored:${asset.fileName}:${asset.assetId}`} data-file={asset.fileName}>
                  <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>{asset.fileName}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={outcome.color}
                      variant={asset.outcome === 'unchanged' ? 'outlined' : 'filled'}
                      label={t(outcome.label)}
                    />
                  </TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{dash(asset.gtin)}</TableCell>
                  <TableCell>{dash(imageCategoryName(asset.imageCategory, lang))}</TableCell>
                  <TableCell>{dash(asset.version)}</TableCell>
                  <TableCell>{dash(asset.variant)}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={assetPath(asset.assetId)}>
                      {t('admin.catalogue.upload.openAsset', { id: asset.assetId })}
                    </Link>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
    </Stack>
  );
}
