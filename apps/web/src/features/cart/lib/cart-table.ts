import {
  MEDIA_TYPES,
  type Asset,
  type CartAnswer,
  type LocalizedText,
  type MediaType,
} from '@mediabox/contract';

/**
 * Spec 3: checkbox state is keyed by asset id plus media type. One key per chosen file, so a
 * checkbox's state never depends on its row's position or on another asset with the same format.
 */
export const choiceKey = (assetId: number, mediaType: number) => `${assetId}:${mediaType}`;

export function chosenKeys(contents: CartAnswer): Set<string> {
  const keys = new Set<string>();
  for (const entry of contents.cartItems) {
    for (const file of entry.files) keys.add(choiceKey(entry.id, file.mediaType));
  }
  return keys;
}

export interface FormatColumn {
  mediaType: MediaType;
  name: LocalizedText;
  /** Assets of the cart that have a file of this format: the ones its select-all changes. */
  assetIds: number[];
}

const isMediaType = (value: number): value is MediaType => Object.hasOwn(MEDIA_TYPES, value);

/**
 * One checkbox column per format any asset in the cart has, in media type order. Only the contract's
 * media types: the cart calls accept no other format.
 */
export function formatColumns(items: Asset[]): FormatColumn[] {
  const columns = new Map<MediaType, FormatColumn>();
  for (const item of items) {
    for (const file of item.files) {
      const mediaType = file.mediaType;
      if (!isMediaType(mediaType)) continue;
      const column = columns.get(mediaType);
      if (column) {
        if (!column.assetIds.includes(item.id)) column.assetIds.push(item.id);
      } else {
        columns.set(mediaType, { mediaType, name: MEDIA_TYPES[mediaType].name, assetIds: [item.id] });
      }
    }
  }
  return [...columns.values()].sort((a, b) => a.mediaType - b.mediaType);
}

export const hasFormat = (asset: Asset, mediaType: number) =>
  asset.files.some((file) => file.mediaType === mediaType);

/**
 * Spec 5: download and list need at least one chosen file somewhere in the cart; a preset that the
 * item is not refused for brings a file too (issue 21.2).
 */
export const anyFileChosen = (contents: CartAnswer | undefined) =>
  Boolean(
    contents?.cartItems.some(
      (entry) => entry.files.length > 0 || entry.presets.some((choice) => !choice.refused),
    ),
  );

/**
 * The assets with at least one chosen format or preset; the others stay in the cart but are not
 * downloaded.
 */
export const assetsWithFiles = (contents: CartAnswer) =>
  new Set(
    contents.cartItems
      .filter((entry) => entry.files.length > 0 || entry.presets.length > 0)
      .map((entry) => entry.id),
  );
