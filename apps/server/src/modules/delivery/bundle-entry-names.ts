import { IMAGE_CATEGORIES, toGtin14, type ImageCategory } from '@mediabox/contract';

export interface EntryNameInput {
  gtin: string | null;
  imageCategory: number | null;
  /** The asset's name in the bundle's language (German when it has none in it). */
  assetName: string;
  /** The stored file's own name: its extension is kept. */
  fileName: string;
}

const EXTENSION = /\.([A-Za-z0-9]{1,8})$/;

/**
 * The name a file gets inside a bundle: GS1 style (`04006067084218_C1C1.jpg`: GTIN-14 and view code)
 * when the asset has a GTIN, otherwise the asset's name; the extension of the stored file either way.
 * Duplicates are made unique, and unsafe characters removed, by the zip layer.
 */
export function bundleEntryName(input: EntryNameInput): string {
  const extension = EXTENSION.exec(input.fileName)?.[1]?.toLowerCase();
  const suffix = extension ? `.${extension}` : '';
  if (input.gtin) {
    const category = IMAGE_CATEGORIES[input.imageCategory as ImageCategory] as { code: string } | undefined;
    return `${toGtin14(input.gtin)}${category ? `_${category.code}` : ''}${suffix}`;
  }
  const base = input.assetName.trim() || input.fileName.replace(EXTENSION, '');
  return `${base}${suffix}`;
}
