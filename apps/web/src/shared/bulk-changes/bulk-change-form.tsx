import { IMAGE_CATEGORIES, type BulkChange, type BulkChangeKind } from '@mediabox/contract';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { fetchCategories } from './bulk-changes-api';
import { categoryOptions, type CategoryOption } from './category-paths';

/** What the user has entered for a change; turned into the request by `changeOf`. */
export interface BulkChangeInput {
  target: CategoryOption | null;
  keywords: string;
  fields: { 101: string; 102: string; 103: string; 104: string };
}

export const EMPTY_INPUT: BulkChangeInput = {
  target: null,
  keywords: '',
  fields: { 101: '', 102: '', 103: '', 104: '' },
};

/** The change to send, or null while the input is not complete. Empty custom fields stay as they are. */
export function changeOf(kind: BulkChangeKind, input: BulkChangeInput): BulkChange | null {
  switch (kind) {
    case 'move':
      return input.target ? { kind, containerId: input.target.id } : null;
    case 'withdraw':
    case 'restore':
      return { kind };
    case 'addKeywords':
    case 'removeKeywords': {
      const keywords = input.keywords.split(/\s+/).filter(Boolean);
      return keywords.length > 0 ? { kind, keywords } : null;
    }
    case 'setFields': {
      const fields = Object.fromEntries(
        Object.entries(input.fields).filter(([, value]) => value.trim() !== ''),
      ) as Partial<BulkChangeInput['fields']>;
      return Object.keys(fields).length > 0 ? { kind, fields } : null;
    }
  }
}

/** Typing narrows thousands of categories; more matches than this would only slow the list. */
const filterOptions = createFilterOptions<CategoryOption>({ limit: 200 });

const FIELD_LABELS = {
  101: 'admin.catalogue.asset.fields.linked',
  103: 'admin.catalogue.asset.fields.version',
  104: 'admin.catalogue.asset.fields.variant',
} as const;

/** The inputs of one kind of change: a category, keywords, or custom fields (never the GTIN). */
export function BulkChangeForm(props: {
  kind: BulkChangeKind;
  input: BulkChangeInput;
  onChange: (input: BulkChangeInput) => void;
}) {
  const { kind, input, onChange } = props;
  const { t } = useTranslation();
  if (kind === 'move')
    return <CategoryField value={input.target} onChange={(target) => onChange({ ...input, target })} />;
  if (kind === 'addKeywords' || kind === 'removeKeywords') {
    return (
      <TextField
        autoFocus
        fullWidth
        label={t('bulkChanges.keywords')}
        helperText={t('bulkChanges.keywordsHint')}
        value={input.keywords}
        onChange={(event) => onChange({ ...input, keywords: event.target.value })}
      />
    );
  }
  if (kind !== 'setFields') return null;
  const setField = (id: keyof BulkChangeInput['fields'], value: string) =>
    onChange({ ...input, fields: { ...input.fields, [id]: value } });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
      <TextField
        autoFocus
        label={t(FIELD_LABELS[101])}
        value={input.fields[101]}
        onChange={(event) => setField(101, event.target.value)}
      />
      <ViewField value={input.fields[102]} onChange={(value) => setField(102, value)} />
      {([103, 104] as const).map((id) => (
        <TextField
          key={id}
          label={t(FIELD_LABELS[id])}
          value={input.fields[id]}
          onChange={(event) => setField(id, event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      ))}
      <Box sx={{ gridColumn: '1 / -1', color: 'text.secondary', typography: 'body2' }}>
        {t('bulkChanges.fieldsHint')}
      </Box>
    </Box>
  );
}

function ViewField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <TextField
      select
      label={t('admin.catalogue.asset.fields.view')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <MenuItem value="">{t('bulkChanges.unchanged')}</MenuItem>
      {Object.entries(IMAGE_CATEGORIES).map(([id, category]) => (
        <MenuItem key={id} value={id}>
          {`${category.name[lang]} (${category.code})`}
        </MenuItem>
      ))}
    </TextField>
  );
}

function CategoryField(props: {
  value: CategoryOption | null;
  onChange: (value: CategoryOption | null) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const tree = useQuery({
    queryKey: ['bulkChanges', 'categories'],
    queryFn: ({ signal }) => fetchCategories(signal),
  });
  const options = useMemo(() => categoryOptions(tree.data ?? [], lang), [tree.data, lang]);
  return (
    <Autocomplete
      options={options}
      loading={tree.isPending}
      value={props.value}
      onChange={(_event, option) => props.onChange(option)}
      getOptionLabel={(option) => option.path}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      filterOptions={filterOptions}
      noOptionsText={t('bulkChanges.noCategory')}
      loadingText={t('bulkChanges.loading')}
      renderInput={(params) => <TextField {...params} autoFocus label={t('bulkChanges.target')} />}
    />
  );
}
