import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathName, treeOrder, type CatalogueTree } from '../lib/catalogue-tree';

interface NodeOption {
  id: number;
  path: string;
}

/** Typing narrows thousands of categories; more than this many matches would only slow the list. */
const filterOptions = createFilterOptions<NodeOption>({ limit: 200 });

interface NodePickerProps {
  tree: CatalogueTree;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Categories that may not be chosen (a category's own branch when moving it). */
  exclude?: ReadonlySet<number>;
  /** A translation key shown as the field's error. */
  error?: string;
  autoFocus?: boolean;
  /** A choice that cannot be emptied (an asset always has a category). */
  required?: boolean;
}

/** A category chosen by typing any part of its path ("Deutschland › Kaffee › Bohnen"). */
export function NodePicker(props: NodePickerProps) {
  const { tree, label, value, onChange, exclude, error, autoFocus, required = false } = props;
  const { t } = useTranslation();
  const lang = useLanguage();
  const options = useMemo(
    () =>
      treeOrder(tree)
        .filter((node) => !exclude?.has(node.id))
        .map((node) => ({ id: node.id, path: pathName(tree, node.id, lang) })),
    [tree, exclude, lang],
  );
  const selected = options.find((option) => option.id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      getOptionLabel={(option) => option.path}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      filterOptions={filterOptions}
      disableClearable={required}
      noOptionsText={t('admin.catalogue.picker.noOptions')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          required={required}
          error={error !== undefined}
          helperText={error ? t(error) : undefined}
        />
      )}
    />
  );
}
