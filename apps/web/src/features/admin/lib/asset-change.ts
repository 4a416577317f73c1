import type { AdminAsset, AssetChange, Language } from '@mediabox/contract';
import { mediaTypeName } from './admin-asset';

/**
 * What happened to an asset, as a translation key and its values: "Withdrawn", or "New version of
 * “Print file (TIFF, CMYK)”" for a replaced file, its media type named in the admin's language.
 */
export function changeText(
  change: Pick<AssetChange, 'kind' | 'mediaType'>,
  lang: Language,
): { key: string; values?: Record<string, string> } {
  if (change.kind === 'withdrawn') return { key: 'admin.takedowns.kinds.withdrawn' };
  // The contract names the media type of every replacement; an answer without one still reads sensibly.
  if (change.mediaType === null) return { key: 'admin.takedowns.kinds.replacedFile' };
  return {
    key: 'admin.takedowns.kinds.replaced',
    values: { mediaType: mediaTypeName(change.mediaType, lang) },
  };
}

/**
 * The change an action just made (the newest of `kind` that `before` did not have), whose `told` the
 * snackbar names; undefined when the server recorded none (a media type's first file replaces nothing).
 */
export function newChange(
  before: Pick<AdminAsset, 'changes'>,
  after: Pick<AdminAsset, 'changes'>,
  kind: AssetChange['kind'],
): AssetChange | undefined {
  const known = new Set(before.changes.map((change) => change.id));
  return after.changes.find((change) => change.kind === kind && !known.has(change.id));
}
