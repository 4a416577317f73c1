import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { StoredBlob } from '../../platform/storage/blob-store.js';
import type { Rendition } from './media-types.js';

export interface RenditionRow {
  sourceSha256: string;
  kind: Rendition['kind'];
  blobSha256: string;
  width: number;
  height: number;
}

/** IN lists stay below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** The only place with SQL for blob rows and renditions. */
export class RenditionsRepository {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(work: (repository: RenditionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new RenditionsRepository(trx)));
  }

  /** Blobs are immutable and content-addressed: a second insert of the same sha256 changes nothing. */
  async insertBlob(blob: StoredBlob & { mimeType: string; createdAt: number }): Promise<void> {
    await this.db
      .insertInto('blobs')
      .values({
        sha256: blob.sha256,
        size: blob.size,
        crc32: blob.crc32,
        mime_type: blob.mimeType,
        created_at: blob.createdAt,
      })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
  }

  async blobExists(sha256: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blobs')
      .select('sha256')
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row !== undefined;
  }

  async kindsOf(sourceSha256: string): Promise<Set<Rendition['kind']>> {
    const rows = await this.db
      .selectFrom('renditions')
      .select('kind')
      .where('source_sha256', '=', sourceSha256)
      .execute();
    return new Set(rows.map((row) => row.kind));
  }

  /** A rendition that another runner wrote first is kept: both were made from the same bytes. */
  async insertRendition(row: RenditionRow & { createdAt: number; placeholder?: boolean }): Promise<void> {
    await this.db
      .insertInto('renditions')
      .values({
        source_sha256: row.sourceSha256,
        kind: row.kind,
        blob_sha256: row.blobSha256,
        width: row.width,
        height: row.height,
        created_at: row.createdAt,
        placeholder: row.placeholder ? 1 : 0,
      })
      .onConflict((conflict) => conflict.columns(['source_sha256', 'kind']).doNothing())
      .execute();
  }

  /**
   * Deletes the placeholder renditions and answers their sources (each once), so that the caller
   * queues them for rendering in the same transaction. Their JPEG blobs stay: they are tiny, and the
   * same card is shared by every EPS of the same size.
   */
  async takePlaceholderSources(): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('renditions')
      .where('placeholder', '=', 1)
      .returning('source_sha256')
      .execute();
    return [...new Set(rows.map((row) => row.source_sha256))].sort();
  }

  async renditionsOf(sourceSha256s: string[]): Promise<RenditionRow[]> {
    const unique = [...new Set(sourceSha256s)];
    const rows: RenditionRow[] = [];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const found = await this.db
        .selectFrom('renditions')
        .select(['source_sha256', 'kind', 'blob_sha256', 'width', 'height'])
        .where('source_sha256', 'in', unique.slice(i, i + CHUNK))
        .execute();
      for (const row of found) {
        rows.push({
          sourceSha256: row.source_sha256,
          kind: row.kind,
          blobSha256: row.blob_sha256,
          width: row.width,
          height: row.height,
        });
      }
    }
    return rows;
  }
}
