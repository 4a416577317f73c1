import { createContext, useContext, useSyncExternalStore } from 'react';
import type { SelectionStore } from './selection-store';

/** The selection of the result view around a card; null where nothing can be selected (guests). */
export const SelectionContext = createContext<SelectionStore | null>(null);

export const useSelectionStore = (): SelectionStore | null => useContext(SelectionContext);

const never = () => () => undefined;

/** Whether this asset is selected: re-renders only when its own membership changes. */
export function useIsSelected(store: SelectionStore | null, assetId: number): boolean {
  return useSyncExternalStore(store?.subscribe ?? never, () => store?.has(assetId) ?? false);
}

/** How many assets are selected (the bar, and whether checkboxes always show). */
export function useSelectedCount(store: SelectionStore | null): number {
  return useSyncExternalStore(store?.subscribe ?? never, () => store?.size ?? 0);
}

/** Whether every one of these assets is selected (a product card stands for several views). */
export function useAreAllSelected(store: SelectionStore | null, assetIds: readonly number[]): boolean {
  return useSyncExternalStore(
    store?.subscribe ?? never,
    () => store !== null && assetIds.length > 0 && assetIds.every((id) => store.has(id)),
  );
}
