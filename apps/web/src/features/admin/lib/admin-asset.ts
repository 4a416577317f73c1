import {
  IMAGE_CATEGORIES,
  MAIN_MEDIA_TYPE,
  MEDIA_TYPES,
  type AdminAsset,
  type AdminAssetFile,
  type ImageCategory,
  type Language,
  type MediaType,
  imageCategoryOfCode,
} from '@mediabox/contract';

/** Spec 2.5: the name in the user's language; en and fr fall back to German when empty. */
export function assetName(asset: Pick<AdminAsset, 'name'>, lang: Language): string {
  const name = asset.name[lang];
  return name?.trim() ? name : asset.name.de;
}

/** The thumbnail of the list: the current main (web) image's, else any current file's. */
export function thumbnailOf(asset: Pick<AdminAsset, 'files'>): string | null {
  const current = asset.files.filter((file) => file.current && file.thumbTicket);
  const main = current.find((file) => file.mediaType === MAIN_MEDIA_TYPE) ?? current[0];
  return main?.thumbTicket ?? null;
}

/** "Front with perspective (C1C1)" for field 102 (a number 1–12, or a GS1 code as imported). */
export function imageCategoryName(value: string | number | null | undefined, lang: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const id = /^\d+$/.test(text) ? Number(text) : imageCategoryOfCode(text);
  if (id === undefined || !Object.hasOwn(IMAGE_CATEGORIES, id)) return text;
  const category = IMAGE_CATEGORIES[id as ImageCategory];
  return `${category.name[lang]} (${category.code})`;
}

/** The media type's name in the user's language ("Print file (TIFF, CMYK)"), or its number. */
export function mediaTypeName(mediaType: number, lang: Language): string {
  return Object.hasOwn(MEDIA_TYPES, mediaType)
    ? MEDIA_TYPES[mediaType as MediaType].name[lang]
    : String(mediaType);
}

/** Files by media type, the newest version first, so the history of each type reads top down. */
export function sortedFiles(files: readonly AdminAssetFile[]): AdminAssetFile[] {
  return [...files].sort((a, b) => a.mediaType - b.mediaType || b.version - a.version);
}
