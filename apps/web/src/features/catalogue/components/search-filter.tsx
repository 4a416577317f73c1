import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import type { SearchAnswer } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSearch } from '../api/catalogue-api';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useSearchOfRoute } from '../hooks/use-search-params-of-route';
import { withCategoryFilter } from '../lib/category-filter';
import { localized } from '../lib/localized';
import { compareMenuNames, menuName } from '../lib/menu-name';

type SearchFacet = SearchAnswer['facets'][number];

const NO_SEARCH = { query: '', rootId: 0, categories: [] };

/**
 * Spec 2.2: during a search, one checkbox per top category with its hit count; the choice is kept
 * in the URL (`?cat=12,14`). The facets come with the page's own search (same query key, so no
 * extra call); the server counts them ignoring the category filter, so every category keeps its
 * count while others are ticked. While a new filter loads, the last counts of this query stay.
 */
export function SearchFilter() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const params = useSearchOfRoute();
  const [searchParams, setSearchParams] = useSearchParams();
  const answer = useSearch(params ?? NO_SEARCH, params !== undefined);
  const current = answer.data?.pages[0]?.facets;
  const key = params ? `${params.rootId}:${params.query}` : '';
  const [kept, setKept] = useState<{ key: string; facets: SearchFacet[] } | null>(null);
  if (current && (kept?.key !== key || kept.facets !== current)) setKept({ key, facets: current });
  if (!params) return null;
  const selected = params.categories;
  const shown = current ?? (kept?.key === key ? kept.facets : []);
  const facets = [...shown].sort((a, b) =>
    compareMenuNames(localized(a.name, lang), localized(b.name, lang), lang),
  );
  if (facets.length === 0) return null;

  const toggle = (nodeId: number, checked: boolean) => {
    const next = checked ? [...selected, nodeId] : selected.filter((id) => id !== nodeId);
    setSearchParams(withCategoryFilter(searchParams, next), { replace: true });
  };

  return (
    <FormGroup role="group" aria-labelledby="search-filter-heading" sx={{ px: 2, pb: 1.5 }}>
      <Typography
        id="search-filter-heading"
        variant="overline"
        color="text.secondary"
        component="h2"
        sx={{ display: 'block' }}
      >
        {t('catalogue.filter.title')}
      </Typography>
      {facets.map((facet) => {
        const name = menuName(localized(facet.name, lang));
        return (
          <FormControlLabel
            key={facet.nodeId}
            control={
              <Checkbox
                size="small"
                checked={selected.includes(facet.nodeId)}
                onChange={(event) => toggle(facet.nodeId, event.target.checked)}
              />
            }
            label={t('catalogue.filter.option', { name, count: facet.count })}
            slotProps={{ typography: { variant: 'body2', noWrap: true } }}
            sx={{ minWidth: 0, mr: 0 }}
          />
        );
      })}
    </FormGroup>
  );
}
