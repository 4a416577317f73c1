import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePreference } from '../../../shared/preferences';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useSearch } from '../api/catalogue-api';
import { AllCountriesOffer } from '../components/all-countries-offer';
import { AssetResults } from '../components/asset-results';
import { FilteredEmpty } from '../components/filtered-empty';
import { InfiniteFooter } from '../components/infinite-footer';
import { ResultFilters } from '../components/result-filters';
import { ResultViewToggle } from '../components/result-view-toggle';
import { StatusBar } from '../components/status-bar';
import { useSearchOfRoute } from '../hooks/use-search-params-of-route';
import { useResultView } from '../hooks/use-result-view';
import { useUnknownCategoryFilterDropped } from '../hooks/use-unknown-category-filter-dropped';
import { withCategoryFilter } from '../lib/category-filter';
import { gtinProductCount, productsOfResults } from '../lib/products-of-results';
import {
  hasResultFilters,
  NO_RESULT_FILTERS,
  searchNarrowing,
  withResultFilters,
} from '../lib/result-filters-of-url';
import { SelectionScope } from '../selection/selection-scope';
import type { SelectionSource } from '../selection/selection-store';

/** Issue 22.7: the product cards are a chunk of their own, loaded with the product view. */
const ProductGrid = lazy(() => import('../components/product-grid'));

/**
 * Spec 2.4 `/search/{query}`: 50 results, more appended near the end; four messages; errors hide
 * results. An empty answer offers the way out: without the filter, or in the other countries.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const params = useSearchOfRoute();
  const search = useSearch(params ?? { query: '', rootId: 0, categories: [] });
  const query = params?.query ?? '';
  const rootId = params?.rootId ?? 0;
  const resultFilters = params?.filters ?? NO_RESULT_FILTERS;
  const filtered = (params?.categories.length ?? 0) > 0 || hasResultFilters(resultFilters);
  const [searchParams, setSearchParams] = useSearchParams();
  useUnknownCategoryFilterDropped(params);
  usePageTitle('search.pageTitle', { query });

  const results = useMemo(() => search.data?.pages.flatMap((page) => page.results) ?? [], [search.data]);
  const ids = useMemo(() => results.map((asset) => asset.id), [results]);
  const first = search.data?.pages[0];
  const total = first?.numberTotal ?? 0;
  // Products (the default) apply to the grid; the list stays a row per file.
  const [resultView] = useResultView();
  const [layout] = usePreference('view');
  const asProducts = resultView === 'products' && layout !== 'list';
  const productCount = useMemo(() => gtinProductCount(productsOfResults(results)), [results]);
  // "Select all N" asks for the matches of exactly this search (issue 22.1); another one starts empty.
  const categories = params?.categories;
  const selectionSource = useMemo<SelectionSource>(() => {
    const { filters, sort } = searchNarrowing(resultFilters);
    return {
      kind: 'search',
      request: {
        query,
        rootId,
        ...(categories?.length ? { categories: [...categories] } : {}),
        ...(filters ? { filters } : {}),
        ...(sort ? { sort } : {}),
      },
    };
  }, [query, rootId, categories, resultFilters]);

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
        {t('search.heading', { query })}
      </Typography>
      <ResultFilters counts={first?.filterCounts} />
      <StatusBar assetIds={search.isError ? [] : ids}>
        <Typography variant="body2" role="status" aria-live="polite">
          {search.isSuccess && total > 0 && (
            <>
              {t('search.status', { count: results.length, query })}
              {total > results.length &&
                ` ${t(first?.totalIsEstimate ? 'search.totalEstimate' : 'search.total', { total })}`}
              {asProducts && productCount > 0 && (
                <span>
                  {` · ${t(search.hasNextPage ? 'products.countLoaded' : 'products.count', { count: productCount })}`}
                </span>
              )}
            </>
          )}
          {search.isPending && t('search.loading')}
        </Typography>
      </StatusBar>
      {search.isPending && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">{t('search.loading')}</Typography>
        </Stack>
      )}
      {search.isError ? (
        // Spec 2.4 / 8: a failed search hides the results.
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void search.refetch()}>
              {t('search.retry')}
            </Button>
          }
        >
          {t('search.failed')}
        </Alert>
      ) : (
        search.isSuccess &&
        (results.length === 0 ? (
          filtered ? (
            <FilteredEmpty
              onRemoveFilters={() =>
                setSearchParams(
                  withResultFilters(withCategoryFilter(searchParams, []), {
                    ...NO_RESULT_FILTERS,
                    sort: resultFilters.sort,
                  }),
                  { replace: true },
                )
              }
            />
          ) : (
            <Stack spacing={2} sx={{ py: 4 }}>
              <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                {t('search.noResults', { query })}
              </Typography>
              <AllCountriesOffer key={`${rootId}:${query}`} query={query} rootId={rootId} />
            </Stack>
          )
        ) : (
          <>
            {first?.partial && (
              // Issue 22.3: no dead end, but say that not every word was used.
              <Alert severity="info">
                {t('searchSuggest.partial', { words: first.partial.usedWords.join(' ') })}
                {first.partial.droppedWords.length > 0 &&
                  ` ${t('searchSuggest.dropped', { words: first.partial.droppedWords.join(', ') })}`}
              </Alert>
            )}
            {layout !== 'list' && (
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <ResultViewToggle />
              </Stack>
            )}
            <SelectionScope
              scopeKey={JSON.stringify(selectionSource)}
              source={selectionSource}
              loadedIds={ids}
              total={total}
            >
              {/* Without any GTIN among the results every card is a file's: the product chunk is not needed. */}
              {asProducts && productCount > 0 ? (
                <Suspense fallback={<CircularProgress size={24} aria-label={t('search.loading')} />}>
                  <ProductGrid assets={results} rootId={rootId} label={t('search.resultsLabel', { query })} />
                </Suspense>
              ) : (
                <AssetResults
                  assets={results}
                  label={t('search.resultsLabel', { query })}
                  showRelevance={resultFilters.sort === 'relevance'}
                />
              )}
              <InfiniteFooter
                hasNextPage={search.hasNextPage}
                isFetchingNextPage={search.isFetchingNextPage}
                fetchNextPage={search.fetchNextPage}
                loadedCount={results.length}
                loadingMoreText={t('search.loadingMore')}
                noMoreText={t('search.noMore')}
              />
            </SelectionScope>
          </>
        ))
      )}
    </Stack>
  );
}
