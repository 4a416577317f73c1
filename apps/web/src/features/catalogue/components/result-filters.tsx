import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  IMAGE_CATEGORIES,
  MEDIA_TYPE_IDS,
  MEDIA_TYPES,
  NEW_WITHIN_DAYS,
  ORIENTATIONS,
  RESULT_SORTS,
  type VIEW_CODES,
  type FilterCounts,
  type ResultSort,
} from '@mediabox/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { parseResultFilters } from '../lib/parse-result-filters';
import {
  hasResultFilters,
  NO_RESULT_FILTERS,
  withResultFilters,
  type ResultFilterState,
} from '../lib/result-filters-of-url';

interface Option<T> {
  value: T;
  label: string;
  count: number | undefined;
}

/**
 * Issue 22.2: the search result's filters beside the drawer's category filter: format and GS1
 * view as menus, orientation, GTIN and "Neu" as chips, a date range and the order. Every change
 * is a new URL entry, so the back button steps back through them. Counts come with the page's
 * search (each follows the other filters); while a changed search loads, the last ones stay.
 */
export function ResultFilters({ counts }: { counts: FilterCounts | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseResultFilters(searchParams);
  const [kept, setKept] = useState<FilterCounts | undefined>(counts);
  if (counts && counts !== kept) setKept(counts);
  const shown = counts ?? kept;
  const change = (next: Partial<ResultFilterState>) =>
    setSearchParams(withResultFilters(searchParams, { ...state, ...next }));
  const approx = shown?.estimate ? '≈' : '';
  const label = (name: string, count: number | undefined) =>
    count === undefined ? name : t('resultFilters.option', { name, count: `${approx}${count}` });
  const toggled = <T,>(list: readonly T[], value: T) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

  const mediaTypes: Option<(typeof MEDIA_TYPE_IDS)[number]>[] = MEDIA_TYPE_IDS.map((id) => ({
    value: id,
    label: MEDIA_TYPES[id].name[lang],
    count: shown ? (shown.mediaTypes[String(id)] ?? 0) : undefined,
  }));
  const views: Option<(typeof VIEW_CODES)[number]>[] = Object.values(IMAGE_CATEGORIES).map((category) => ({
    value: category.code,
    label: `${category.name[lang]} (${category.code})`,
    count: shown ? (shown.views[category.code] ?? 0) : undefined,
  }));
  // Values without matches are left out of the menus, unless chosen.
  const offered = <T,>(options: Option<T>[], chosen: readonly T[]) =>
    options.filter((option) => option.count !== 0 || chosen.includes(option.value));

  return (
    <Stack
      direction="row"
      useFlexGap
      role="group"
      aria-label={t('resultFilters.label')}
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <TextField
        select
        size="small"
        label={t('resultFilters.sort.label')}
        value={state.sort}
        onChange={(event) => change({ sort: event.target.value as ResultSort })}
        sx={{ minWidth: 150 }}
      >
        {RESULT_SORTS.map((sort) => (
          <MenuItem key={sort} value={sort}>
            {t(`resultFilters.sort.${sort}`)}
          </MenuItem>
        ))}
      </TextField>
      <FilterMenu
        title={t('resultFilters.format')}
        options={offered(mediaTypes, state.mediaTypes)}
        chosen={state.mediaTypes}
        label={label}
        onToggle={(value) => change({ mediaTypes: toggled(state.mediaTypes, value) })}
      />
      <FilterMenu
        title={t('resultFilters.view')}
        options={offered(views, state.views)}
        chosen={state.views}
        label={label}
        onToggle={(value) => change({ views: toggled(state.views, value) })}
      />
      {ORIENTATIONS.map((orientation) => (
        <Chip
          key={orientation}
          label={label(
            t(`resultFilters.orientation.${orientation}`),
            shown?.orientation[orientation] ?? (shown ? 0 : undefined),
          )}
          color={state.orientation.includes(orientation) ? 'primary' : 'default'}
          variant={state.orientation.includes(orientation) ? 'filled' : 'outlined'}
          aria-pressed={state.orientation.includes(orientation)}
          onClick={() => change({ orientation: toggled(state.orientation, orientation) })}
        />
      ))}
      {(['with', 'without'] as const).map((gtin) => (
        <Chip
          key={gtin}
          label={label(t(`resultFilters.gtin.${gtin}`), shown?.gtin[gtin])}
          color={state.gtin === gtin ? 'primary' : 'default'}
          variant={state.gtin === gtin ? 'filled' : 'outlined'}
          aria-pressed={state.gtin === gtin}
          onClick={() => change({ gtin: state.gtin === gtin ? undefined : gtin })}
        />
      ))}
      <Chip
        label={label(t('resultFilters.newest', { days: NEW_WITHIN_DAYS }), shown?.newest)}
        color={state.newest ? 'primary' : 'default'}
        variant={state.newest ? 'filled' : 'outlined'}
        aria-pressed={state.newest}
        onClick={() => change({ newest: !state.newest })}
      />
      <TextField
        type="date"
        size="small"
        label={t('resultFilters.dateFrom')}
        value={state.dateFrom ?? ''}
        onChange={(event) => change({ dateFrom: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: state.dateTo } }}
      />
      <TextField
        type="date"
        size="small"
        label={t('resultFilters.dateTo')}
        value={state.dateTo ?? ''}
        onChange={(event) => change({ dateTo: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: state.dateFrom } }}
      />
      {hasResultFilters(state) && (
        <Button size="small" onClick={() => change({ ...NO_RESULT_FILTERS, sort: state.sort })}>
          {t('resultFilters.reset')}
        </Button>
      )}
    </Stack>
  );
}

/** A button that opens a list of values to tick, each with its count; shows how many are ticked. */
function FilterMenu<T extends string | number>(props: {
  title: string;
  options: Option<T>[];
  chosen: readonly T[];
  label: (name: string, count: number | undefined) => string;
  onToggle: (value: T) => void;
}) {
  const { title, options, chosen, label, onToggle } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (options.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        variant={chosen.length > 0 ? 'contained' : 'outlined'}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {chosen.length > 0 ? `${title} (${chosen.length})` : title}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={String(option.value)}
            role="menuitemcheckbox"
            aria-checked={chosen.includes(option.value)}
            onClick={() => onToggle(option.value)}
          >
            <Checkbox
              size="small"
              checked={chosen.includes(option.value)}
              tabIndex={-1}
              sx={{ p: 0, mr: 1 }}
            />
            <ListItemText primary={label(option.label, option.count)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
