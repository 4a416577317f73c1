import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTRY_ROOTS } from '@mediabox/contract';
import type { TestApp } from '../../../test/test-app.js';

/**
 * Test-only: catalogue rows written straight into the database and real blobs through the blob
 * store, so API tests need neither the import nor the media jobs.
 */

export const FIXTURES_DIR = fileURLToPath(new URL('../../../../test-fixtures/media/', import.meta.url));

export function readFixture(name: string): Promise<Buffer> {
  return fs.readFile(path.join(FIXTURES_DIR, name));
}

/** Stores bytes as a blob (file + row) and answers its sha256. */
export async function storeBlob(
  t: TestApp,
  bytes: Buffer,
  mimeType = 'application/octet-stream',
): Promise<string> {
  const stored = await t.context.blobs.put(bytes);
  await t.context.database.db
    .insertInto('blobs')
    .values({
      sha256: stored.sha256,
      size: stored.size,
      crc32: stored.crc32,
      mime_type: mimeType,
      created_at: t.clock.now(),
    })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  return stored.sha256;
}

const COUNTRY_ROOT_IDS = new Set<number>(Object.values(COUNTRY_ROOTS));

export interface SeedNode {
  id: number;
  parentId?: number | null;
  rootId?: number;
  de: string;
  en?: string;
  fr?: string;
}

/**
 * Inserts the nodes. The country roots exist in every migrated database, so a root in the list
 * only gets the names the test gives it; any other id that exists already is a test's mistake and fails.
 */
export async function seedNodes(t: TestApp, nodes: SeedNode[]): Promise<void> {
  const now = t.clock.now();
  for (const node of nodes) {
    const names = { name_de: node.de, name_en: node.en ?? node.de, name_fr: node.fr ?? node.de };
    const insert = t.context.database.db.insertInto('nodes').values({
      id: node.id,
      parent_id: node.parentId ?? null,
      root_id: node.rootId ?? node.id,
      ...names,
      created_at: now,
      updated_at: now,
    });
    await (
      COUNTRY_ROOT_IDS.has(node.id)
        ? insert.onConflict((oc) => oc.column('id').doUpdateSet({ ...names, updated_at: now }))
        : insert
    ).execute();
  }
}

export interface SeedFile {
  mediaType: number;
  bytes: Buffer;
  fileName: string;
  mimeType: string;
  width?: number;
  height?: number;
  dpiX?: number;
  colorspace?: string;
  bitDepth?: number;
  hasAlpha?: boolean;
  transparent?: boolean;
  /** Make a thumbnail and a preview rendition right away (as the media job would). */
  renditions?: boolean;
  isCurrent?: boolean;
}

export interface SeedAsset {
  containerId: number;
  rootId: number;
  de: string;
  en?: string;
  fr?: string;
  gtin?: string;
  imageCategory?: number;
  version?: number;
  variant?: number;
  linkedSearchable?: string;
  keywords?: string;
  description?: string;
  createdAt?: number;
  createdBy?: number;
  updatedBy?: number;
  withdrawn?: boolean;
  files: SeedFile[];
}

export interface SeededAsset {
  id: number;
  fileIds: number[];
  blobs: string[];
}

/** Small distinct JPEG-ish bytes for renditions: the delivery test compares hashes, not pixels. */
export function fakeRendition(label: string): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(`rendition:${label}`),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export async function seedAsset(t: TestApp, asset: SeedAsset): Promise<SeededAsset> {
  const db = t.context.database.db;
  const at = asset.createdAt ?? t.clock.now();
  const { id } = await db
    .insertInto('assets')
    .values({
      container_id: asset.containerId,
      root_id: asset.rootId,
      name_de: asset.de,
      name_en: asset.en ?? null,
      name_fr: asset.fr ?? null,
      keywords: asset.keywords ?? '',
      description: asset.description ?? '',
      gtin: asset.gtin ?? null,
      gtin_number: asset.gtin ? Number(asset.gtin) : null,
      image_category: asset.imageCategory ?? null,
      version: asset.version ?? null,
      variant: asset.variant ?? null,
      linked_searchable: asset.linkedSearchable ?? null,
      withdrawn_at: asset.withdrawn ? at : null,
      created_by: asset.createdBy ?? null,
      updated_by: asset.updatedBy ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const fileIds: number[] = [];
  const blobs: string[] = [];
  for (const file of asset.files) {
    const sha256 = await storeBlob(t, file.bytes, file.mimeType);
    const inserted = await db
      .insertInto('asset_files')
      .values({
        asset_id: id,
        media_type: file.mediaType,
        blob_sha256: sha256,
        file_name: file.fileName,
        mime_type: file.mimeType,
        width: file.width ?? null,
        height: file.height ?? null,
        dpi_x: file.dpiX ?? null,
        colorspace: file.colorspace ?? null,
        page_count: null,
        bit_depth: file.bitDepth ?? null,
        has_alpha: file.hasAlpha === undefined ? null : Number(file.hasAlpha),
        transparent: file.transparent === undefined ? null : Number(file.transparent),
        version: 1,
        is_current: file.isCurrent === false ? 0 : 1,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fileIds.push(inserted.id);
    blobs.push(sha256);
    if (file.renditions) {
      await seedRendition(t, sha256, 'thumb', fakeRendition(`${sha256}:thumb`));
      await seedRendition(t, sha256, 'preview', fakeRendition(`${sha256}:preview`));
    }
  }
  return { id, fileIds, blobs };
}

export async function seedRendition(
  t: TestApp,
  sourceSha256: string,
  kind: 'thumb' | 'preview',
  bytes: Buffer,
): Promise<string> {
  const sha256 = await storeBlob(t, bytes, 'image/jpeg');
  await t.context.database.db
    .insertInto('renditions')
    .values({
      source_sha256: sourceSha256,
      kind,
      blob_sha256: sha256,
      width: 400,
      height: 400,
      created_at: t.clock.now(),
    })
    .onConflict((oc) => oc.columns(['source_sha256', 'kind']).doNothing())
    .execute();
  return sha256;
}

/** An asset with one 1100 JPEG (with renditions unless told otherwise). */
export function imageAsset(
  containerId: number,
  rootId: number,
  de: string,
  extra: Partial<SeedAsset> & { renditions?: boolean; bytes?: Buffer } = {},
): SeedAsset {
  const { renditions = true, bytes, ...rest } = extra;
  return {
    containerId,
    rootId,
    de,
    files: [
      {
        mediaType: 1100,
        bytes: bytes ?? Buffer.from(`jpeg:${de}:${Math.random()}`),
        fileName: `${de}.jpg`,
        mimeType: 'image/jpeg',
        width: 1200,
        height: 1200,
        colorspace: 'srgb',
        renditions,
      },
    ],
    ...rest,
  };
}
