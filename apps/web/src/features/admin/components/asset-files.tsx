import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminAsset, FileProperties } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '../../../shared/text/format';
import { useLanguage } from '../../../shared/i18n/use-language';
import { assetName, mediaTypeName, sortedFiles } from '../lib/admin-asset';
import { ReplaceFileForm } from './replace-file-form';
import { AdminTableHead } from './admin-table-parts';
import { ScrollableTableContainer } from '../../../shared/ui/scrollable-table-container';

const COLUMNS = ['mediaType', 'version', 'file', 'size', 'dimensions', 'createdAt'] as const;

const dimensions = (file: FileProperties) =>
  file.width !== null && file.height !== null ? `${file.width} × ${file.height}` : '–';

/**
 * Every stored file of an asset, each media type's versions newest first with the current one
 * marked, and the form that adds a new version. Old versions stay: they are the asset's history.
 */
export function AssetFiles({ asset }: { asset: AdminAsset }) {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const files = sortedFiles(asset.files);
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="asset-files-heading">
      <Typography id="asset-files-heading" variant="h6" component="h3">
        {t('admin.catalogue.files.heading')}
      </Typography>
      <ScrollableTableContainer label={t('admin.catalogue.files.label', { name: assetName(asset, lang) })}>
        <Table size="small" aria-label={t('admin.catalogue.files.label', { name: assetName(asset, lang) })}>
          <AdminTableHead
            columns={COLUMNS}
            label={(column) => t(`admin.catalogue.files.columns.${column}`)}
          />
          <TableBody>
            {files.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 2, textAlign: 'center' }}>
                  <Typography color="text.secondary">{t('admin.catalogue.files.empty')}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              files.map((file) => (
                <TableRow key={file.id} data-file-id={file.id} sx={{ opacity: file.current ? 1 : 0.7 }}>
                  <TableCell>{mediaTypeName(file.mediaType, lang)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{file.version}</span>
                      {file.current && (
                        <Chip size="small" color="success" label={t('admin.catalogue.files.current')} />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                    {file.fileProperties.fileName}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatFileSize(file.fileProperties.fileSize, i18n.language)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dimensions(file.fileProperties)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.createdAt, lang)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </ScrollableTableContainer>
      <ReplaceFileForm asset={asset} />
    </Stack>
  );
}
