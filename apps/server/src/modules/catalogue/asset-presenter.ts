import {
  CUSTOM_FIELDS,
  MEDIA_TYPES,
  gs1ShortLink,
  type Asset,
  type AssetFile,
  type CatalogueNode,
  type CustomFieldId,
  type FileProperties,
  type LocalizedText,
} from '@mediabox/contract';
import type { TicketSigner } from '../../platform/http/tickets.js';
import type { FileRow, NodeRow, PresentedAssetRow, UserNameRow } from './catalogue.repository.js';
import { colourSpaceOf, fileFormatOf } from './file-facts.js';

/** The main media type (spec 2.5): the web image every asset page shows. */
export const MAIN_MEDIA_TYPE = 1100;

export function mediaTypeName(mediaType: number): LocalizedText {
  const known = MEDIA_TYPES[mediaType as keyof typeof MEDIA_TYPES];
  return known ? { ...known.name } : { de: String(mediaType) };
}

/** The 1100 file when there is one, else the first by media type (files come ordered by media type). */
export function mainFileOf(files: FileRow[]): FileRow | undefined {
  return files.find((file) => file.mediaType === MAIN_MEDIA_TYPE) ?? files[0];
}

export function fileProperties(file: FileRow): FileProperties {
  return {
    width: file.width,
    height: file.height,
    dpiX: file.dpiX,
    colorspace: file.colorspace,
    pageCount: file.pageCount,
    fileSize: file.size,
    mimeType: file.mimeType,
    fileName: file.fileName,
    format: fileFormatOf(file.mimeType),
    colourSpace: colourSpaceOf(file.colorspace),
    bitDepth: file.bitDepth,
    hasAlpha: file.hasAlpha,
    transparent: file.transparent,
  };
}

function localizedName(row: PresentedAssetRow): LocalizedText {
  return {
    de: row.name_de,
    ...(row.name_en ? { en: row.name_en } : {}),
    ...(row.name_fr ? { fr: row.name_fr } : {}),
  };
}

function customFields(row: PresentedAssetRow): Asset['customFields'] {
  const values: [CustomFieldId, string | number | null][] = [
    [100, row.gtin],
    [101, row.linked_searchable],
    [102, row.image_category],
    [103, row.version],
    [104, row.variant],
  ];
  return values
    .filter((entry): entry is [CustomFieldId, string | number] => entry[1] !== null && entry[1] !== '')
    .map(([fieldId, value]) => ({ fieldId, name: { ...CUSTOM_FIELDS[fieldId].name }, value: String(value) }));
}

function userReference(user: UserNameRow | undefined) {
  return user ? { userName: user.email, firstname: user.firstname, lastname: user.lastname } : null;
}

/**
 * Thumbnail and preview tickets are issued whether or not the rendition exists yet: renditions are
 * made by a job after import, and the app retries a 404 'previewPending' (spec 9: 15 times).
 */
function presentFile(file: FileRow, sign: TicketSigner): AssetFile {
  return {
    id: file.id,
    mediaType: file.mediaType,
    mediaTypeName: mediaTypeName(file.mediaType),
    fileProperties: fileProperties(file),
    originalTicket: sign(file.id, 'original'),
    thumbTicket: sign(file.id, 'thumb'),
  };
}

/** The page strip shows at most this many pages (media's MAX_STRIP_PAGES, the tickets' page50). */
const MAX_STRIP_PAGES = 50;

/** The preview's longest edge (media's RENDITION_SIZES.preview): a picture larger than it has more to show. */
const PREVIEW_EDGE = 1600;

/**
 * A zoom ticket for raster pictures larger than their preview (issue 22.6). The zoom rendition is
 * made when first asked for; until then its URL answers 404 previewPending, like a new preview.
 */
function zoomable(file: FileRow): boolean {
  const format = fileFormatOf(file.mimeType);
  const raster = format !== null && format !== 'eps' && format !== 'pdf';
  return raster && Math.max(file.width ?? 0, file.height ?? 0) > PREVIEW_EDGE;
}

export interface PresentAssetInput {
  row: PresentedAssetRow;
  /** Current files, ordered by media type; at least one (visible assets have one). */
  files: FileRow[];
  sign: TicketSigner;
  /** Only passed for super users: creator and last editor (spec 2.5). */
  users?: Map<number, UserNameRow>;
  /** The asset page's own answer: a multi-page PDF's page strip tickets (not in lists: up to 50 URLs). */
  pages?: boolean | undefined;
}

/** `page1` … `page50` tickets of a PDF with more than one page (issue 22.6), else none. */
function pageTickets(file: FileRow, sign: TicketSigner): string[] {
  if (file.mimeType !== 'application/pdf' || (file.pageCount ?? 1) < 2) return [];
  const count = Math.min(file.pageCount!, MAX_STRIP_PAGES);
  return Array.from({ length: count }, (_, index) => sign(file.id, `page${index + 1}`));
}

export function presentAsset({ row, files, sign, users, pages }: PresentAssetInput): Asset {
  const main = mainFileOf(files);
  if (!main) throw new Error(`Asset ${row.id} has no current file`);
  const hasMainImage = main.mediaType === MAIN_MEDIA_TYPE;
  const gs1Link =
    row.gtin && row.image_category !== null && hasMainImage
      ? gs1ShortLink({
          gtin: row.gtin,
          category: row.image_category,
          version: row.version ?? 1,
          variant: row.variant ?? 1,
          name: row.name_de,
        })
      : null;
  const presentedFiles = files.map((file) => presentFile(file, sign));
  // The main file is among the files: its tickets are signed once, not again for the asset.
  const mainFile = presentedFiles[files.indexOf(main)]!;
  return {
    id: row.id,
    name: localizedName(row),
    container: row.container_id,
    mediaType: main.mediaType,
    mediaTypeName: mediaTypeName(main.mediaType),
    originalTicket: mainFile.originalTicket,
    defaultThumbTicket: mainFile.thumbTicket,
    largePreview: sign(main.id, 'preview'),
    zoomPreview: zoomable(main) ? sign(main.id, 'zoom') : null,
    ...(pages ? { pagePreviews: pageTickets(main, sign) } : {}),
    creationDate: new Date(row.created_at).toISOString(),
    rootId: row.root_id,
    countryId: row.root_id,
    removalRequested: row.removal_requested_at !== null,
    fileProperties: fileProperties(main),
    files: presentedFiles,
    customFields: customFields(row),
    gtin: row.gtin,
    gs1Link,
    ...(users
      ? {
          createdByUser: userReference(row.created_by === null ? undefined : users.get(row.created_by)),
          lastModifiedByUser: userReference(row.updated_by === null ? undefined : users.get(row.updated_by)),
        }
      : {}),
  };
}

export function presentNode(
  row: NodeRow,
  extra: { hasChildren: boolean; assetCount: number; totalAssetCount: number; pictureTicket: string | null },
): CatalogueNode {
  return {
    id: row.id,
    name: { de: row.name_de, en: row.name_en, fr: row.name_fr },
    parentId: row.parent_id,
    rootId: row.root_id,
    ...extra,
  };
}
