import {
  IMAGE_CATEGORIES,
  toGtin14,
  type ImageCategory,
  type Language,
  type PresetFormat,
} from '@mediabox/contract';
import type { AssetRow, FileRow } from '../catalogue/catalogue.repository.js';
import { uniqueEntryNames } from './zip/entry-names.js';

/** What a delivered file's name is made of: its asset's identity and the stored file. */
export type DeliveredAsset = Pick<
  AssetRow,
  'gtin' | 'image_category' | 'version' | 'variant' | 'name_de' | 'name_en' | 'name_fr'
>;
export type DeliveredFile = Pick<FileRow, 'fileName'>;

/**
 * A file converted by a preset (issue 21.2): named after its source as an original would be, with
 * the preset's suffix (which brings its own leading `_`) and the preset format's extension.
 */
export interface DeliveredConversion {
  source: DeliveredFile;
  fileSuffix: string;
  format: PresetFormat;
}

/**
 * One cart item as delivered: its asset, the files of its chosen formats and the conversions of
 * its chosen presets, in cart order.
 */
export interface DeliveredItem {
  asset: DeliveredAsset;
  files: readonly DeliveredFile[];
  conversions?: readonly DeliveredConversion[];
}

/** The extension each preset format is delivered with. */
export const PRESET_EXTENSIONS: Record<PresetFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  tiff: 'tif',
  webp: 'webp',
};

const EXTENSION = /\.([A-Za-z0-9]{1,8})$/;
const pad2 = (value: number) => String(value).padStart(2, '0');

/** The asset's name in the delivery's language, German when it has none in it. */
export const deliveredAssetName = (asset: DeliveredAsset, lang: Language): string =>
  asset[`name_${lang}`] ?? asset.name_de;

/**
 * The name of one delivered file before names are made unique (use deliveredNames for a delivery).
 *
 * An asset with a GTIN and an image category gets its full GS1 image name,
 * `{GTIN-14}_{view code}_s{version}_v{variant}.{ext}` (`04006067084218_C1C1_s02_v01.jpg`): spec 2.5
 * and its rules name a GS1 image by GTIN padded to 14, view, version and variant padded to 2 (the
 * short links `/gs1/{gtin}_{category}_s{version}_v{variant}-….jpg`, with 1 for an unset version or
 * variant as there), and that is the name the portal reads back on upload (parseGs1FileName), so a
 * delivered file names the very image it is. Without `_s…_v…` (the zip's old name) two versions or
 * variants of one view were the same file name, told apart only by " (2)". An asset with a GTIN but
 * no view is named by its GTIN-14; any other by its name. The extension, i.e. the format, is the
 * stored file's, lower case.
 */
export function deliveredName(asset: DeliveredAsset, file: DeliveredFile, lang: Language): string {
  const extension = EXTENSION.exec(file.fileName)?.[1]?.toLowerCase();
  return `${deliveredBaseName(asset, file, lang)}${extension ? `.${extension}` : ''}`;
}

/**
 * The name of one converted file before names are made unique: its source's delivered name
 * without extension, the preset's suffix, the preset format's extension
 * (`04006067084218_C1C1_s02_v01_shop.jpg`).
 */
export function deliveredConversionName(
  asset: DeliveredAsset,
  conversion: DeliveredConversion,
  lang: Language,
): string {
  const base = deliveredBaseName(asset, conversion.source, lang);
  return `${base}${conversion.fileSuffix}.${PRESET_EXTENSIONS[conversion.format]}`;
}

/** A delivered name without its extension (see deliveredName). */
function deliveredBaseName(asset: DeliveredAsset, file: DeliveredFile, lang: Language): string {
  if (asset.gtin) {
    const category = IMAGE_CATEGORIES[asset.image_category as ImageCategory] as { code: string } | undefined;
    const gs1 = category ? `_${category.code}_s${pad2(asset.version ?? 1)}_v${pad2(asset.variant ?? 1)}` : '';
    return `${toGtin14(asset.gtin)}${gs1}`;
  }
  return deliveredAssetName(asset, lang).trim() || file.fileName.replace(EXTENSION, '');
}

/**
 * THE names of a delivery's files: the one rule the zip's entries, the cart spreadsheet, the cart
 * mail and the /downloads and /messages lists all show (issue 19.8). Per item, per file, in the
 * order given (cart order, then format). Names are made safe and unique within the delivery,
 * ignoring case and Unicode form (a Windows or macOS unzip would otherwise overwrite one file with
 * another): a later duplicate gets " (2)", " (3)", … before its extension (uniqueEntryNames), the
 * way file managers number copies, so the GS1 name stays intact and readable in front. Depends only
 * on the items, their order and the language: the same cart always gets the same names.
 */
export function deliveredNames(items: readonly DeliveredItem[], lang: Language): string[][] {
  return deliveredItemNames(items, lang).map((names) => names.files);
}

/**
 * deliveredNames with the converted files too (issue 21.2): per item the names of its files and of
 * its conversions, unique together across the whole delivery. The originals are named first, so
 * each keeps the name it had before any preset was chosen.
 */
export function deliveredItemNames(
  items: readonly DeliveredItem[],
  lang: Language,
): { files: string[]; conversions: string[] }[] {
  const unique = uniqueEntryNames([
    ...items.flatMap(({ asset, files }) => files.map((file) => deliveredName(asset, file, lang))),
    ...items.flatMap(({ asset, conversions = [] }) =>
      conversions.map((conversion) => deliveredConversionName(asset, conversion, lang)),
    ),
  ]);
  let next = 0;
  const files = items.map((item) => item.files.map(() => unique[next++]!));
  return items.map(({ conversions = [] }, index) => ({
    files: files[index]!,
    conversions: conversions.map(() => unique[next++]!),
  }));
}
