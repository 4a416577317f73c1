import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import CloseIcon from '@mui/icons-material/Close';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MEDIA_TYPE_IDS, MEDIA_TYPES, type MediaType } from '@mediabox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkChangesMenu } from '../../../shared/bulk-changes';
import { useLanguage } from '../../../shared/i18n/use-language';
import { AddToListButton } from '../../../shared/lists/add-to-list-button';
import { useActivePresets } from '../../../shared/presets/preset-queries';
import { localized } from '../lib/localized';
import { useSelectedCount } from '../selection/selection-context';
import {
  useAddSelectionToCart,
  useSelectAll,
  useSelectionZip,
  type CartChoice,
} from '../selection/selection-actions';
import type { SelectionSource, SelectionStore } from '../selection/selection-store';
import { SelectionMenuButton, type MenuEntry } from './selection-menu-button';

interface SelectionBarProps {
  store: SelectionStore;
  source: SelectionSource;
  /** Every match of the view, loaded or not. */
  total: number;
  isSuperUser: boolean;
}

/**
 * The selection bar (issue 22.1), sticky at the bottom of the results while anything is selected:
 * how many, "select all N", and what to do with them: into the cart (a format or a preset), into a
 * list, as a zip, and for super users the bulk changes. Its own chunk (lazy).
 */
export default function SelectionBar({ store, source, total, isSuperUser }: SelectionBarProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const count = useSelectedCount(store);
  const selectAll = useSelectAll(store, source);
  const addToCart = useAddSelectionToCart();
  const zip = useSelectionZip();
  const [presetsWanted, setPresetsWanted] = useState(false);
  const presets = useActivePresets(presetsWanted);
  const all = store.all;
  const ids = () => store.list();

  const formatEntries = (run: (format: MediaType) => void, prefix: string): MenuEntry[] =>
    MEDIA_TYPE_IDS.map((format) => ({
      key: `${prefix}-${format}`,
      label: MEDIA_TYPES[format].name[lang],
      run: () => run(format),
    }));
  const toCart = (choice: CartChoice) => addToCart(ids(), choice);
  const queryClient = useQueryClient();
  // A bulk change may move, withdraw or retag what is shown: the results load again. The selection
  // stays, and with it this bar and the change's notice with its undo (they live in the bar).
  const afterBulkChange = () => void queryClient.invalidateQueries({ queryKey: ['catalogue'] });

  return (
    <Paper
      elevation={6}
      role="region"
      aria-label={t('selection.bar')}
      sx={{ position: 'sticky', bottom: 8, zIndex: 'appBar', mt: 2, px: 2, py: 1 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography role="status" sx={{ fontWeight: 600, mr: 1 }}>
          {all?.truncated
            ? t('selection.firstOf', { count, total: all.total })
            : t('selection.count', { count })}
        </Typography>
        {!all && total > count && (
          <Button size="small" onClick={() => selectAll.mutate()} disabled={selectAll.isPending}>
            {t('selection.selectAll', { total })}
          </Button>
        )}
        <SelectionMenuButton
          label={t('selection.toCart')}
          icon={<AddShoppingCartIcon />}
          onOpen={() => setPresetsWanted(true)}
          groups={[
            {
              entries: [
                { key: 'main', label: t('selection.mainFormat'), run: () => toCart({}) },
                ...formatEntries((format) => toCart({ format }), 'format'),
              ],
            },
            {
              heading: t('selection.presets'),
              entries: (presets.data ?? []).map((preset) => ({
                key: `preset-${preset.id}`,
                label: localized(preset.name, lang),
                run: () => toCart({ preset: preset.id }),
              })),
            },
          ]}
        />
        <AddToListButton assetIds={store.list()} />
        <SelectionMenuButton
          label={t('selection.zip')}
          icon={<FolderZipIcon />}
          disabled={zip.isPending}
          groups={[
            {
              entries: [
                { key: 'all', label: t('selection.allFormats'), run: () => zip.start(ids()) },
                ...formatEntries((format) => zip.start(ids(), format), 'zip'),
              ],
            },
          ]}
        />
        {isSuperUser && <BulkChangesMenu assetIds={store.list()} onDone={afterBulkChange} />}
        <Button size="small" startIcon={<CloseIcon />} onClick={() => store.clear()} sx={{ ml: 'auto' }}>
          {t('selection.clear')}
        </Button>
      </Stack>
    </Paper>
  );
}
