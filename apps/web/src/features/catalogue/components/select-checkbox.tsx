import Checkbox from '@mui/material/Checkbox';
import { useSyncExternalStore, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsSelected, useSelectionStore } from '../selection/selection-context';

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
    <Checkbox
      size="small"
      checked={selected}
      onChange={change}
      className="select-checkbox"
      slotProps={{ input: { 'aria-label': t('selection.select', { name }) } }}
      sx={{
        p: 0.5,
        // Readable on top of a picture.
        bgcolor: 'background.paper',
        borderRadius: 1,
        '&:hover': { bgcolor: 'background.paper' },
        opacity: selecting || selected ? 1 : 0,
        transition: 'opacity 120ms',
        '&.Mui-focusVisible, .selectable:hover &, .selectable:focus-within &': { opacity: 1 },
      }}
    />
  );
}
