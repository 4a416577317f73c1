import type { Asset, CatalogueNode, SearchAnswer } from '@mediabox/contract';

/** Contract-shaped test data; only what a test cares about is passed. */
export function node(id: number, de: string, changes: Partial<CatalogueNode> = {}): CatalogueNode {
  return {
    id,
    name: { de, en: de, fr: de },
    parentId: 1,
    rootId: 1,
    hasChildren: false,
    assetCount: 0,
    totalAssetCount: 0,
    pictureTicket: null,
    ...changes,
  };
}

export function asset(id: number, changes: Partial<Asset> = {}): Asset {
  const fileProperties = {
    width: 2000,
    height: 1500,
    dpiX: 300,
    colorspace: 'sRGB',
    pageCount: null,
    fileSize: 1_572_864,
    mimeType: 'image/jpeg',
    fileName: `asset-${id}.jpg`,
  };
  return {
    id,
    name: { de: `Kaffee ${id}`, en: `Coffee ${id}` },
    container: 20,
    mediaType: 1100,
    mediaTypeName: { de: 'Bild (Web, JPEG)', en: 'Image (web, JPEG)', fr: 'Image (web, JPEG)' },
    originalTicket: `/api/files/${id}/original?sig=abc`,
    defaultThumbTicket: `/api/files/${id}/thumb?sig=abc`,
    largePreview: `/api/files/${id}/preview?sig=abc`,
    creationDate: '2026-03-05T14:07:09',
    score: 1,
    rootId: 1,
    countryId: 1,
    removalRequested: false,
    fileProperties,
    files: [
      {
        id: id * 10,
        mediaType: 1100,
        mediaTypeName: { de: 'Bild (Web, JPEG)', en: 'Image (web, JPEG)', fr: 'Image (web, JPEG)' },
        fileProperties,
        originalTicket: `/api/files/${id}/original?sig=abc`,
        thumbTicket: null,
      },
      {
        id: id * 10 + 1,
        mediaType: 1200,
        mediaTypeName: { de: 'Druckdaten (TIFF, CMYK)', en: 'Print file (TIFF, CMYK)' },
        fileProperties: { ...fileProperties, mimeType: 'image/tiff', fileName: `asset-${id}.tif` },
        originalTicket: `/api/files/${id}/print?sig=abc`,
        thumbTicket: null,
      },
    ],
    customFields: [],
    gtin: null,
    gs1Link: null,
    ...changes,
  };
}

export function assets(from: number, count: number): Asset[] {
  return Array.from({ length: count }, (_, index) => asset(from + index));
}

export function searchAnswer(changes: Partial<SearchAnswer> = {}): SearchAnswer {
  return {
    results: [],
    numberTotal: 0,
    totalIsEstimate: false,
    hasNextPage: false,
    currentPage: 0,
    facets: [],
    ...changes,
  };
}
