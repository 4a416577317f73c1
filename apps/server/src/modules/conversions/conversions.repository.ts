import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { conversionKeyText, type ConversionKey, type ConversionRow } from './conversion-requests.js';

/** IN lists and multi-row inserts stay below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 200;

/** The one row of a conversion key: its three columns are the table's primary key. */
const isKey = (key: ConversionKey) => (eb: ExpressionBuilder<Database, 'conversions'>) =>
  eb.and({ source_sha256: key.sourceSha256, preset_id: key.presetId, preset_version: key.presetVersion });

/** What a made file is: its own blob and the facts the zip and the share page show. */
export interface MadeConversion {
  blobSha256: string;
  size: number;
  crc32: number;
  width: number;
  height: number;
  colourSpace: string;
  dpi: number | null;
  finishedAt: number;
}

/** The only place with SQL for the `conversions` table (migration 0020). */
export class ConversionsRepository {
  constructor(readonly db: Kysely<Database>) {}

  /**
   * 'pending' rows for the keys not known yet; answers the keys this call inserted (a key another
   * transaction inserted first, or one already pending, done or failed, is left as it is).
   * INSERT … ON CONFLICT DO NOTHING RETURNING answers only the rows written, on both databases.
   */
  async insertPending(keys: readonly ConversionKey[], now: number): Promise<ConversionKey[]> {
    const inserted: ConversionKey[] = [];
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows = await this.db
        .insertInto('conversions')
        .values(
          keys.slice(i, i + CHUNK).map((key) => ({
            source_sha256: key.sourceSha256,
            preset_id: key.presetId,
            preset_version: key.presetVersion,
            status: 'pending' as const,
            created_at: now,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['source_sha256', 'preset_id', 'preset_version']).doNothing(),
        )
        .returning(['source_sha256', 'preset_id', 'preset_version'])
        .execute();
      for (const row of rows) {
        inserted.push({
          sourceSha256: row.source_sha256,
          presetId: row.preset_id,
          presetVersion: row.preset_version,
        });
      }
    }
    return inserted;
  }

  /** The rows of these keys, by conversionKeyText. */
  async rowsOf(keys: readonly ConversionKey[]): Promise<Map<string, ConversionRow>> {
    const wanted = new Set(keys.map(conversionKeyText));
    const sources = [...new Set(keys.map((key) => key.sourceSha256))];
    const result = new Map<string, ConversionRow>();
    for (let i = 0; i < sources.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('conversions')
        .selectAll()
        .where('source_sha256', 'in', sources.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) {
        const text = conversionKeyText({
          sourceSha256: row.source_sha256,
          presetId: row.preset_id,
          presetVersion: row.preset_version,
        });
        if (wanted.has(text)) result.set(text, row);
      }
    }
    return result;
  }

  async find(key: ConversionKey): Promise<ConversionRow | undefined> {
    const row = await this.db.selectFrom('conversions').selectAll().where(isKey(key)).executeTakeFirst();
    return row;
  }

  async blobRowExists(sha256: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blobs')
      .select('sha256')
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Only a pending row is finished: answers false when it was not pending (another runner was first). */
  async markDone(key: ConversionKey, made: MadeConversion): Promise<boolean> {
    const result = await this.db
      .updateTable('conversions')
      .set({
        status: 'done',
        blob_sha256: made.blobSha256,
        size: made.size,
        crc32: made.crc32,
        width: made.width,
        height: made.height,
        colour_space: made.colourSpace,
        dpi: made.dpi,
        failure: null,
        finished_at: made.finishedAt,
      })
      .where(isKey(key))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markFailed(key: ConversionKey, failure: string, finishedAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('conversions')
      .set({ status: 'failed', failure: failure.slice(0, 60), finished_at: finishedAt })
      .where(isKey(key))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * A row the job gave up on (our own trouble, `failure` = the give-up code) goes back to pending,
   * for the job that an administrator runs again; answers false for any other row.
   */
  async reopenGivenUp(key: ConversionKey, giveUpCode: string): Promise<boolean> {
    const result = await this.db
      .updateTable('conversions')
      .set({ status: 'pending', failure: null, finished_at: null })
      .where(isKey(key))
      .where('status', '=', 'failed')
      .where('failure', '=', giveUpCode)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
