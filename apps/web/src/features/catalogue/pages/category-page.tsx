import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useContainerAssets, useNode } from '../api/catalogue-api';
import { AssetResults } from '../components/asset-results';
import { CategoryBreadcrumbs } from '../components/category-breadcrumbs';
import { InfiniteFooter } from '../components/infinite-footer';
import { StatusBar } from '../components/status-bar';
import { SubcategoryCards } from '../components/subcategory-cards';
import { useLanguage } from '../../../shared/i18n/use-language';
import { localized } from '../lib/localized';
import { withoutOrderPrefix } from '../lib/menu-name';
import { SelectionScope } from '../selection/selection-scope';
import type { SelectionSource } from '../selection/selection-store';

/** Spec 2.3 `/{nodeId}`: a category (its subcategories) or container (its assets). */
export default function CategoryPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const nodeId = Number(useParams().nodeId);
  const node = useNode(nodeId);
  const assets = useContainerAssets(nodeId);

  const name = node.data ? withoutOrderPrefix(localized(node.data.node.name, lang)) : undefined;
  usePageTitle(name ? 'catalogue.pageTitle' : 'nav.category', name ? { name } : undefined);

  const list = useMemo(() => assets.data?.pages.flatMap((page) => page.results) ?? [], [assets.data]);
  const total = assets.data?.pages[0]?.numberTotal ?? 0;
  const ids = useMemo(() => list.map((asset) => asset.id), [list]);
  const selectionSource = useMemo<SelectionSource>(
    () => ({ kind: 'container', containerId: nodeId }),
    [nodeId],
  );
  // A category whose assets all sit in subcategories (a top category) counts those, not its own 0.
  const hasSubcategories = (node.data?.children.length ?? 0) > 0;
  const inSubcategoriesOnly = assets.isSuccess && total === 0 && hasSubcategories;

  return (
    <Stack spacing={2}>
      {/* The server's breadcrumb ends with the node itself, which is shown as the current entry. */}
      <CategoryBreadcrumbs
        trail={(node.data?.breadcrumb ?? []).filter((entry) => entry.id !== nodeId)}
        current={name}
      />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
        {name ?? t('nav.category')}
      </Typography>
      {node.isError && <Alert severity="error">{t('catalogue.category.error')}</Alert>}
      {node.data && <SubcategoryCards nodes={node.data.children} />}
      <StatusBar assetIds={ids}>
        <Typography variant="body2" aria-live="polite">
          {assets.isPending
            ? t('common.loading')
            : inSubcategoriesOnly
              ? t('catalogue.category.countInSubcategories', {
                  count: node.data?.node.totalAssetCount ?? 0,
                  name: name ?? t('nav.category'),
                })
              : t('catalogue.category.count', { count: total, name: name ?? t('nav.category') })}
        </Typography>
      </StatusBar>
      {assets.isPending && (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Stack>
      )}
      {assets.isError && !node.isError && (
        <Alert severity="error">{t('catalogue.category.assetsError')}</Alert>
      )}
      {assets.isSuccess && list.length === 0 && !hasSubcategories && (
        <Typography color="text.secondary">{t('catalogue.category.empty')}</Typography>
      )}
      {list.length > 0 && (
        <>
          <SelectionScope scopeKey={String(nodeId)} source={selectionSource} loadedIds={ids} total={total}>
            <AssetResults assets={list} label={t('catalogue.category.assetsLabel', { name: name ?? '' })} />
            <InfiniteFooter
              hasNextPage={assets.hasNextPage}
              isFetchingNextPage={assets.isFetchingNextPage}
              fetchNextPage={assets.fetchNextPage}
              loadedCount={list.length}
              loadingMoreText={t('search.loadingMore')}
            />
          </SelectionScope>
        </>
      )}
    </Stack>
  );
}
