import type { HistoryEntry, Order, OrderFile } from '@mediabox/contract';

/** Contract-shaped orders for tests; only what a test cares about is passed. */

export function orderFile(id: number, changes: Partial<OrderFile> = {}): OrderFile {
  return {
    _id: id,
    filename: `upload-${id}.jpg`,
    originalname: `packshot-${id}.jpg`,
    mimetype: 'image/jpeg',
    size: 1_572_864,
    createdAt: new Date(2026, 2, 5, 9, 7, 0).toISOString(),
    url: `/api/uploads/upload-${id}.jpg?u=1&exp=1&sig=a`,
    thumbUrl: `/api/file/${id}/thumb?exp=1&sig=a`,
    previewUrl: `/api/file/${id}/preview?exp=1&sig=a`,
    ...changes,
  };
}

export function historyEntry(
  action: HistoryEntry['action'],
  createdAt: Date,
  context: HistoryEntry['context'] = {},
  username = 'anna.beispiel@example.com',
): HistoryEntry {
  return { action, username, createdAt: createdAt.toISOString(), context };
}

export function order(id: number, changes: Partial<Order> = {}): Order {
  return {
    _id: id,
    name: `Kaffee ${id}`,
    articleId: `ART-${id}`,
    gtin: `400606708421${id % 10}`,
    createdAt: new Date(2026, 2, id % 28, 10, 0, 0).toISOString(),
    createdBy: 7,
    username: 'anna.beispiel@example.com',
    country: 'de',
    de: true,
    at: false,
    ch: false,
    status: 'new',
    orderNumber: `A-2026-${String(id).padStart(6, '0')}`,
    lastModifiedAt: new Date(2026, 2, 5, 10, 0, 0).toISOString(),
    active: true,
    new: 'yes',
    change: { data: false, packshot: false },
    packshot: {
      ecommerce: true,
      single: false,
      tray: false,
      display: false,
      other: false,
      description: '',
      gtin: { ecommerce: '', single: '', tray: '', display: '' },
      articleId: { display: '' },
    },
    internalDate: '',
    externalDate: '',
    vertretung: '',
    description: '',
    notify: false,
    files: [],
    history: [historyEntry('CREATED', new Date(2026, 2, 5, 10, 0, 0), { field: 'status', to: 'new' })],
    ...changes,
  };
}
