import { HISTORY_ACTIONS, type HistoryAction, type Order, type Packshot } from '@mediabox/contract';
import type { UploadSigner } from '../../platform/http/tickets.js';
import type { OrderFileRow, OrderHistoryRow, OrderRow } from './orders.repository.js';

/** Raster images the media module renders: they have a thumbnail and a preview (a PSD does not). */
const RENDERED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/tiff', 'image/webp', 'image/gif']);
export const isRenderedImage = (mimeType: string) => RENDERED_IMAGE_TYPES.has(mimeType);

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** The ticked countries as the list shows them: "de,at,ch" in this order. */
export function countryOf(flags: { de: boolean; at: boolean; ch: boolean }): string {
  return (['de', 'at', 'ch'] as const).filter((country) => flags[country]).join(',');
}

/** Spec 4: unknown actions show as generic info. */
function actionOf(value: string): HistoryAction {
  return (HISTORY_ACTIONS as readonly string[]).includes(value) ? (value as HistoryAction) : 'INFO';
}

/** An order row with its files and history as the app gets it (spec 3). */
export function presentOrder(
  row: OrderRow,
  files: OrderFileRow[],
  history: OrderHistoryRow[],
  sign: UploadSigner,
): Order {
  const flags = { de: row.country_de === 1, at: row.country_at === 1, ch: row.country_ch === 1 };
  return {
    _id: row.id,
    name: row.name,
    articleId: row.article_id,
    gtin: row.gtin,
    createdAt: iso(Number(row.created_at)),
    createdBy: row.created_by,
    username: row.username,
    country: countryOf(flags),
    ...flags,
    status: row.status,
    orderNumber: row.order_number ?? '',
    lastModifiedAt: iso(Number(row.last_modified_at)),
    active: row.active === 1,
    new: row.kind,
    change: { data: row.change_data === 1, packshot: row.change_packshot === 1 },
    packshot: JSON.parse(row.packshot) as Packshot,
    internalDate: row.internal_date,
    externalDate: row.external_date,
    vertretung: row.vertretung,
    description: row.description,
    notify: row.notify === 1,
    files: files.map((file) => ({
      _id: file.id,
      filename: file.filename,
      originalname: file.original_name,
      mimetype: file.mime_type,
      size: file.size,
      createdAt: iso(Number(file.created_at)),
      url: sign(file.filename, 'original'),
      thumbUrl: isRenderedImage(file.mime_type) ? sign(file.filename, 'thumb') : null,
      previewUrl: isRenderedImage(file.mime_type) ? sign(file.filename, 'preview') : null,
    })),
    history: history.map((entry) => ({
      action: actionOf(entry.action),
      username: entry.username,
      createdAt: iso(Number(entry.created_at)),
      context: JSON.parse(entry.context) as Order['history'][number]['context'],
    })),
  };
}
