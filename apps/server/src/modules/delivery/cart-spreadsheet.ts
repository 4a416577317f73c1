import {
  FILE_FORMAT_LABELS,
  IMAGE_CATEGORIES,
  type ColourSpace,
  type ImageCategory,
  type Language,
} from '@mediabox/contract';
import { mediaTypeName } from '../catalogue/asset-presenter.js';
import type { FileRow } from '../catalogue/catalogue.repository.js';
import { colourSpaceOf, fileFormatOf } from '../catalogue/file-facts.js';
import type { DeliveryItem } from '../cart/cart.service.js';
import { deliveredAssetName } from './delivered-names.js';

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
    'Format',
    'Pixel (B × H)',
    'Farbraum',
    'Auflösung (dpi)',
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
    'Format',
    'Pixels (w × h)',
    'Colour space',
    'Resolution (dpi)',
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
    'Format',
    'Pixels (l × h)',
    'Espace colorimétrique',
    'Résolution (dpi)',
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

/** The colour space as the asset page names it; libvips' own name where the portal has none. */
const COLOUR_SPACE_LABELS: Record<Language, Record<ColourSpace, string>> = {
  de: { srgb: 'sRGB', cmyk: 'CMYK', grey: 'Graustufen', lab: 'Lab', other: '' },
  en: { srgb: 'sRGB', cmyk: 'CMYK', grey: 'Grayscale', lab: 'Lab', other: '' },
  fr: { srgb: 'sRGB', cmyk: 'CMJN', grey: 'Niveaux de gris', lab: 'Lab', other: '' },
};

/** What each delivered file really is (issue 21.6): format, colour space (16 bit said), dpi. */
function fileFacts(file: FileRow, lang: Language): [format: string, colourSpace: string, dpi: number | ''] {
  const format = fileFormatOf(file.mimeType);
  const space = colourSpaceOf(file.colorspace);
  const spaceLabel = space === null ? '' : COLOUR_SPACE_LABELS[lang][space] || (file.colorspace ?? '');
  const depth = file.bitDepth !== null && file.bitDepth > 8 ? ` · ${file.bitDepth} bit` : '';
  return [
    format === null ? file.mimeType : FILE_FORMAT_LABELS[format],
    spaceLabel + (spaceLabel ? depth : ''),
    file.dpiX === null ? '' : Math.round(file.dpiX),
  ];
}

/**
 * A cart item as the spreadsheet lists it: the chosen formats' files and the preset choices, with
 * their delivered names (an item with neither still gets its row).
 */
export type SpreadsheetItem = Pick<DeliveryItem, 'asset' | 'files' | 'fileNames' | 'presets'>;

/** One delivered file's cells from the file column on, before the link. */
type FileCells = [
  mediaType: string,
  name: string,
  format: string,
  pixels: string,
  colourSpace: string,
  dpi: number | '',
  size: number | '',
];

/**
 * The cart as a real spreadsheet: one row per delivered file (so per item and chosen format, with
 * its format, pixel size, colour space and dpi as read from its content, then per chosen preset
 * with what the conversion will deliver: its planned pixel size, colour space, dpi and format; its
 * size is known only once made), bold header, first row frozen, columns as wide as their longest
 * value (bounded), the link a clickable hyperlink. A preset that refuses an item (it would need
 * upscaling) delivers no file of it, so it has no row: the cart page says why.
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
  for (const { asset, files, fileNames, presets } of items) {
    const name = deliveredAssetName(asset, options.lang);
    const category =
      asset.image_category === null
        ? ''
        : (IMAGE_CATEGORIES[asset.image_category as ImageCategory]?.name[options.lang] ??
          String(asset.image_category));
    const link = options.assetUrl(asset.id);
    const common = [name, asset.gtin ?? '', category, asset.version ?? '', asset.variant ?? ''];
    const rows: FileCells[] = [
      ...files.map((file, index): FileCells => {
        const [format, colourSpace, dpi] = fileFacts(file, options.lang);
        return [
          mediaTypeName(file.mediaType)[options.lang] ?? mediaTypeName(file.mediaType).de,
          fileNames[index]!,
          format,
          file.width !== null && file.height !== null ? `${file.width} × ${file.height}` : '',
          colourSpace,
          dpi,
          file.size,
        ];
      }),
      ...presets
        .filter((choice) => !choice.refused)
        .map(({ name: presetName, fileName, output }): FileCells => [
          presetName[options.lang],
          fileName,
          FILE_FORMAT_LABELS[output.format],
          `${output.width} × ${output.height}`,
          COLOUR_SPACE_LABELS[options.lang][output.colourSpace],
          output.dpi ?? '',
          '',
        ]),
    ];
    for (const cells of rows.length > 0 ? rows : [['', '', '', '', '', '', ''] as FileCells]) {
      const row = sheet.addRow([...common, ...cells, { text: link, hyperlink: link }]);
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
