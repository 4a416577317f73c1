import Checkbox from '@mui/material/Checkbox';
import { useSyncExternalStore, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreAllSelected, useIsSelected, useSelectionStore } from '../selection/selection-context';

const never = () => () => undefined;

/**
 * The selection checkbox of a card or list row (issue 22.1): Shift-click selects the range from the
 * last clicked one. Hidden until the card is hovered or focused, and always shown once anything is
 * selected (then the view is "in selection mode"); nothing at all outside a selectable view.
 * The parent marks the hover area with the `selectable` class.
 */
export function SelectCheckbox({ assetId, name }: { assetId: number; name: string }) {
  const { t } = useTranslation();
  const store = useSelectionStore();
  const selected = useIsSelected(store, assetId);
  const selecting = useSyncExternalStore(store?.subscribe ?? never, () => (store?.size ?? 0) > 0);
  if (!store) return null;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    // A checkbox's change comes from a click (also one made by the space key): it knows Shift.
    if ((event.nativeEvent as MouseEvent).shiftKey) store.selectRange(assetId);
    else store.toggle(assetId);
  };
  return (
    <CardCheckbox
      checked={selected}
      selecting={selecting}
      onChange={change}
      label={t('selection.select', { name })}
    />
  );
}

/**
 * A product card's checkbox (issue 22.7): it stands for the views picked on the card (all by
 * default); checking selects them all, unchecking removes them all.
 */
export function ProductSelectCheckbox({ assetIds, name }: { assetIds: readonly number[]; name: string }) {
  const { t } = useTranslation();
  const store = useSelectionStore();
  const selected = useAreAllSelected(store, assetIds);
  const selecting = useSyncExternalStore(store?.subscribe ?? never, () => (store?.size ?? 0) > 0);
  if (!store) return null;
  const change = () => (selected ? store.remove(assetIds) : store.add(assetIds));
  return (
    <CardCheckbox
      checked={selected}
      selecting={selecting}
      onChange={change}
      label={t('selection.select', { name })}
    />
  );
}

interface CardCheckboxProps {
  checked: boolean;
  /** Something is selected in the view: every checkbox shows. */
  selecting: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  label: string;
}

function CardCheckbox({ checked, selecting, onChange, label }: CardCheckboxProps) {
  return (
    <Checkbox
      size="small"
      checked={checked}
      onChange={onChange}
      className="select-checkbox"
      slotProps={{ input: { 'aria-label': label } }}
      sx={{
        p: 0.5,
        // Readable on top of a picture.
        bgcolor: 'background.paper',
        borderRadius: 1,
        '&:hover': { bgcolor: 'background.paper' },
        opacity: selecting || checked ? 1 : 0,
        transition: 'opacity 120ms',
        '&.Mui-focusVisible, .selectable:hover &, .selectable:focus-within &': { opacity: 1 },
      }}
    />
  );
}
