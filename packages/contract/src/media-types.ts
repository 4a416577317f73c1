// Schema-free on purpose: pages that only show names of media types or fields do not load zod.

/** The media types of an asset's files; 1100 is the main (web) image every asset page needs (spec 2.5). */
export const MEDIA_TYPES = {
  1100: { name: { de: 'Bild (Web, JPEG)', en: 'Image (web, JPEG)', fr: 'Image (web, JPEG)' } },
  1200: {
    name: {
      de: 'Druckdaten (TIFF, CMYK)',
      en: 'Print file (TIFF, CMYK)',
      fr: 'Fichier d’impression (TIFF, CMJN)',
    },
  },
  1300: { name: { de: 'Freisteller (PNG)', en: 'Cut-out (PNG)', fr: 'Détourage (PNG)' } },
  1400: { name: { de: 'Vektorgrafik (EPS)', en: 'Vector graphic (EPS)', fr: 'Graphique vectoriel (EPS)' } },
  1500: { name: { de: 'Vorlage (PDF)', en: 'Template (PDF)', fr: 'Modèle (PDF)' } },
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;
export const MEDIA_TYPE_IDS = Object.keys(MEDIA_TYPES).map(Number) as MediaType[];

/** File formats the portal accepts, as FileProperties.format names them. */
export const FILE_FORMATS = ['jpeg', 'png', 'tiff', 'webp', 'gif', 'eps', 'pdf'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** How the app and the spreadsheet name each format: the same short, language-neutral label. */
export const FILE_FORMAT_LABELS: Record<FileFormat, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  tiff: 'TIFF',
  webp: 'WebP',
  gif: 'GIF',
  eps: 'EPS',
  pdf: 'PDF',
};

/** Custom field ids of spec 3. */
export const CUSTOM_FIELDS = {
  100: { key: 'gtin', name: { de: 'GTIN', en: 'GTIN', fr: 'GTIN' } },
  101: {
    key: 'linkedSearchable',
    name: { de: 'Verknüpft (durchsuchbar)', en: 'Linked (searchable)', fr: 'Lié (recherchable)' },
  },
  102: { key: 'imageCategory', name: { de: 'Bildkategorie', en: 'Image category', fr: 'Catégorie d’image' } },
  103: { key: 'version', name: { de: 'Version', en: 'Version', fr: 'Version' } },
  104: { key: 'variant', name: { de: 'Variante', en: 'Variant', fr: 'Variante' } },
} as const;
export type CustomFieldId = keyof typeof CUSTOM_FIELDS;
