import { IMAGE_CATEGORIES, type ImageCategory, type Language } from '@mediabox/contract';
import { mediaTypeName } from '../catalogue/asset-presenter.js';
import type { AssetRow, FileRow } from '../catalogue/catalogue.repository.js';
import { deliveredAssetName, deliveredNames } from './delivered-names.js';

/** Column headers of artikeluebersicht.xlsx (spec 7.3) per language. */
const HEADERS: Record<Language, string[]> = {
  de: [
    'Name',
    'GTIN',
    'Bildkategorie',
    'Version',
    'Variante',
    'Medientyp',
    'Datei',
    'Pixel (B × H)',
    'Farbraum',
    'Dateigröße (Bytes)',
    'Link',
  ],
  en: [
    'Name',
    'GTIN',
    'Image category',
    'Version',
    'Variant',
    'Media type',
    'File',
    'Pixels (w × h)',
    'Colour space',
    'File size (bytes)',
    'Link',
  ],
  fr: [
    'Nom',
    'GTIN',
    'Catégorie d’image',
    'Version',
    'Variante',
    'Type de média',
    'Fichier',
    'Pixels (l × h)',
    'Espace colorimétrique',
    'Taille (octets)',
    'Lien',
  ],
};
const SHEET_NAME: Record<Language, string> = {
  de: 'Artikelübersicht',
  en: 'Article overview',
  fr: 'Aperçu des articles',
};
const MAX_COLUMN_WIDTH = 60;

export interface SpreadsheetItem {
  asset: AssetRow;
  /** The chosen formats' files; an item with none still gets its row. */
  files: FileRow[];
}

/**
 * The cart as a real spreadsheet: one row per item and chosen format, bold header, first row frozen,
 * columns as wide as their longest value (bounded), the link a clickable hyperlink.
 */
export async function cartSpreadsheet(
  items: SpreadsheetItem[],
  options: { lang: Language; assetUrl: (assetId: number) => string },
): Promise<Buffer> {
  // Loaded on first use: exceljs is the heaviest module of the server (~0.3–0.9 s to load), and
  // most processes (restarts after a crash, the CLI) never write a spreadsheet.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Mediabox';
  const sheet = workbook.addWorksheet(SHEET_NAME[options.lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers = HEADERS[options.lang];
  sheet.addRow(headers).font = { bold: true };

  // The file names the zip of this cart holds (issue 19.8), not the names the files were stored under.
  const fileNames = deliveredNames(items, options.lang);
  for (const [itemIndex, { asset, files }] of items.entries()) {
    const name = deliveredAssetName(asset, options.lang);
    const category =
      asset.image_category === null
        ? ''
        : (IMAGE_CATEGORIES[asset.image_category as ImageCategory]?.name[options.lang] ??
          String(asset.image_category));
    const link = options.assetUrl(asset.id);
    const common = [name, asset.gtin ?? '', category, asset.version ?? '', asset.variant ?? ''];
    const rows = files.length > 0 ? files : [undefined];
    for (const [fileIndex, file] of rows.entries()) {
      const row = sheet.addRow([
        ...common,
        file ? (mediaTypeName(file.mediaType)[options.lang] ?? mediaTypeName(file.mediaType).de) : '',
        file ? fileNames[itemIndex]![fileIndex]! : '',
        file && file.width !== null && file.height !== null ? `${file.width} × ${file.height}` : '',
        file?.colorspace ?? '',
        file?.size ?? '',
        { text: link, hyperlink: link },
      ]);
      // GTINs are codes, not numbers: keep the leading zeros.
      row.getCell(2).numFmt = '@';
    }
  }
  sheet.columns.forEach((column, index) => {
    let width = headers[index]!.length;
    column.eachCell?.({ includeEmpty: false }, (cell) => {
      const value = cell.value;
      const text =
        typeof value === 'object' && value !== null && 'text' in value
          ? String(value.text)
          : String(value ?? '');
      width = Math.max(width, text.length);
    });
    column.width = Math.min(MAX_COLUMN_WIDTH, width + 2);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
