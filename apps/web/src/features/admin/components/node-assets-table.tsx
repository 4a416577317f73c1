import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ADMIN_PAGE_SIZE } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/text/format';
import { PageLoading } from '../../../shared/ui/page-loading';
import { RetryingImage } from '../../../shared/ui/retrying-image';
import { useNodeAssets } from '../api/catalogue-api';
import { useLanguage } from '../../../shared/i18n/use-language';
import { assetName, imageCategoryName, thumbnailOf } from '../lib/admin-asset';
import { catalogueHref } from '../lib/catalogue-paths';
import { AssetStateChips } from './asset-state-chips';
import { AdminPagination } from './admin-pagination';
import { AdminTableHead, EmptyTableRow } from './admin-table-parts';
import { ScrollableTableContainer } from '../../../shared/ui/scrollable-table-container';

const COLUMNS = ['preview', 'name', 'gtin', 'view', 'state', 'updatedAt'] as const;

/**
 * The assets directly in the selected category, withdrawn ones included, newest first and paged by
 * the server. A row opens the asset's edit dialog (its address carries `asset=`); the name is the
 * row's link, so the keyboard reaches it too.
 */
export function NodeAssetsTable({ nodeId, nodeName }: { nodeId: number; nodeName: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(ADMIN_PAGE_SIZE);
  const assets = useNodeAssets({ nodeId, offset: page * limit, limit });
  // An upload or a move may shrink the list: go back to the last page that still has rows.
  const lastPage = assets.data ? Math.max(0, Math.ceil(assets.data.total / limit) - 1) : page;
  if (page > lastPage) setPage(lastPage);

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="catalogue-assets-heading">
      <Typography id="catalogue-assets-heading" variant="h6" component="h3">
        {t('admin.catalogue.assets.heading')}
      </Typography>
      {assets.isPending ? (
        <PageLoading />
      ) : assets.isError ? (
        <Alert severity="error">{t('admin.loadFailed')}</Alert>
      ) : (
        <>
          <ScrollableTableContainer label={t('admin.catalogue.assets.label', { name: nodeName })}>
            <Table size="small" aria-label={t('admin.catalogue.assets.label', { name: nodeName })}>
              <AdminTableHead
                columns={COLUMNS}
                label={(column) => t(`admin.catalogue.assets.columns.${column}`)}
              />
              <TableBody>
                {assets.data.assets.length === 0 ? (
                  <EmptyTableRow colSpan={COLUMNS.length}>
                    <Typography color="text.secondary">{t('admin.catalogue.assets.empty')}</Typography>
                  </EmptyTableRow>
                ) : (
                  assets.data.assets.map((asset) => {
                    const name = assetName(asset, lang);
                    const href = catalogueHref(nodeId, asset.id);
                    return (
                      <TableRow
                        key={asset.id}
                        data-asset-id={asset.id}
                        hover
                        onClick={() => void navigate(href)}
                        sx={{ cursor: 'pointer', opacity: asset.withdrawn ? 0.6 : 1 }}
                      >
                        <TableCell sx={{ width: 64 }}>
                          <Box sx={{ position: 'relative', width: 48, height: 48 }}>
                            <RetryingImage src={thumbnailOf(asset)} alt="" />
                          </Box>
                        </TableCell>
                        <TableCell sx={{ minWidth: 160 }}>
                          <Link
                            component={RouterLink}
                            to={href}
                            onClick={(event) => event.stopPropagation()}
                            aria-label={t('admin.catalogue.assets.edit', { name })}
                            sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                          >
                            {name}
                          </Link>
                        </TableCell>
                        <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {asset.customFields[100] || '–'}
                        </TableCell>
                        <TableCell>{imageCategoryName(asset.customFields[102], lang) || '–'}</TableCell>
                        <TableCell>
                          <AssetStateChips asset={asset} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(asset.updatedAt, lang)}
                        </TableCell>
                      </TableRow>
                    );
                  })
                )}
              </TableBody>
            </Table>
          </ScrollableTableContainer>
          <AdminPagination
            total={assets.data.total}
            page={Math.min(page, lastPage)}
            limit={limit}
            onPageChange={setPage}
            onLimitChange={setLimit}
          />
        </>
      )}
    </Stack>
  );
}
