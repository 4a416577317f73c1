import type {
  Asset,
  CartAnswer,
  CartPresetChoice,
  RetiredPresetChoice,
  Download,
  Message,
  RecipientLink,
} from '@mediabox/contract';

/** Contract-shaped test data; only what a test cares about is passed. */

const fileProperties = (fileName: string, mimeType = 'image/jpeg') => ({
  width: 2000,
  height: 1500,
  dpiX: 300,
  colorspace: 'sRGB',
  pageCount: null,
  fileSize: 1_572_864,
  mimeType,
  fileName,
});

/** An asset with the web image (1100) and, unless `printFile` is false, the print file (1200). */
export function asset(id: number, { printFile = true }: { printFile?: boolean } = {}): Asset {
  const web = fileProperties(`asset-${id}.jpg`);
  const files = [
    {
      id: id * 10,
      mediaType: 1100,
      mediaTypeName: { de: 'Bild (Web, JPEG)', en: 'Image (web, JPEG)', fr: 'Image (web, JPEG)' },
      fileProperties: web,
      originalTicket: `/api/files/${id}/original?sig=abc`,
      thumbTicket: null,
    },
  ];
  if (printFile) {
    files.push({
      id: id * 10 + 1,
      mediaType: 1200,
      mediaTypeName: { de: 'Druckdaten (TIFF, CMYK)', en: 'Print file (TIFF, CMYK)', fr: 'Fichier (TIFF)' },
      fileProperties: fileProperties(`asset-${id}.tif`, 'image/tiff'),
      originalTicket: `/api/files/${id}/print?sig=abc`,
      thumbTicket: null,
    });
  }
  return {
    id,
    name: { de: `Kaffee ${id}`, en: `Coffee ${id}` },
    container: 20,
    mediaType: 1100,
    mediaTypeName: files[0]!.mediaTypeName,
    originalTicket: files[0]!.originalTicket,
    defaultThumbTicket: null,
    largePreview: null,
    creationDate: '2026-03-05T14:07:09',
    rootId: 1,
    countryId: 1,
    removalRequested: false,
    fileProperties: web,
    files,
    customFields: [],
    gtin: null,
    gs1Link: null,
  };
}

/**
 * A cart answer: `chosen` maps asset id → chosen media types (none = an entry without formats),
 * `presets` asset id → its chosen presets (issue 21.2; none by default).
 */
export function cartAnswer(
  assets: Asset[],
  chosen: Record<number, number[]>,
  presets: Record<number, CartPresetChoice[]> = {},
  retired: Record<number, RetiredPresetChoice[]> = {},
): CartAnswer {
  return {
    items: assets,
    cartItems: assets.map((item) => ({
      id: item.id,
      files: (chosen[item.id] ?? []).map((mediaType) => {
        const file = item.files.find((candidate) => candidate.mediaType === mediaType)!;
        return {
          mediaType,
          fileId: file.id,
          fileName: file.fileProperties.fileName,
          fileSize: file.fileProperties.fileSize,
        };
      }),
      presets: presets[item.id] ?? [],
      retiredPresets: retired[item.id] ?? [],
    })),
  };
}

export const summaryOf = (answer: CartAnswer) => ({
  assetIds: answer.items.map((item) => item.id),
  count: answer.items.length,
});

export function download(id: number, changes: Partial<Download> = {}): Download {
  return {
    _id: id,
    created: new Date(2026, 2, 5, 9, 7).toISOString(),
    validUntil: new Date(2026, 2, 19, 9, 7).toISOString(),
    items: [
      { id: 1, name: 'Kaffee 1', files: [{ _id: 10, filename: '04006067084218_C1C1.jpg' }] },
      {
        id: 2,
        name: 'Kaffee 2',
        files: [
          { _id: 20, filename: 'kaffee-2.jpg' },
          { _id: 21, filename: 'kaffee-2.tif' },
        ],
      },
    ],
    filesize: 3_145_728,
    filename: `bundle${String(id).padStart(17, '0')}.zip`,
    ...changes,
  };
}

export function message(id: number, changes: Partial<Message> = {}): Message {
  return {
    ...download(id),
    email: 'agentur@example.com',
    subject: 'Bilder für die Kampagne',
    text: 'Hallo,\nhier die Bilder.',
    recipients: [],
    ...changes,
  };
}

/** A recipient's own link of a sent cart (issue 20.2): sent, never opened, valid, unless `changes` say so. */
export function recipientLink(recipient: string, changes: Partial<RecipientLink> = {}): RecipientLink {
  return {
    name: `link${recipient
      .replace(/[^A-Za-z0-9]/gu, '')
      .padEnd(18, '0')
      .slice(0, 18)}.zip`,
    recipient,
    lang: 'de',
    state: 'active',
    createdAt: new Date(2026, 2, 5, 9, 7).toISOString(),
    lastSentAt: new Date(2026, 2, 5, 9, 7).toISOString(),
    validUntil: new Date(2026, 2, 19, 9, 7).toISOString(),
    revokedAt: null,
    firstOpenedAt: null,
    lastActivityAt: null,
    downloads: [],
    ...changes,
  };
}
