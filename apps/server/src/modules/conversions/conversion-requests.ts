import type { Kysely, Selectable } from 'kysely';
import type { ConversionsTable, Database } from '../../platform/db/schema.js';

/**
 * A converted file's identity (issue 21.4): the source's content and the preset version. The same
 * source made with the same preset version is the same file, whichever cart, bundle or link asks.
 */
export interface ConversionKey {
  sourceSha256: string;
  presetId: number;
  presetVersion: number;
}

export type ConversionRow = Selectable<ConversionsTable>;

/** A key as one string, for maps. */
export const conversionKeyText = (key: ConversionKey): string =>
  `${key.sourceSha256}/${key.presetId}/${key.presetVersion}`;

/**
 * What delivery needs of the conversions module (implemented by ConversionsService): ask for files
 * to be made, and read how far they are.
 */
export interface ConversionRequests {
  /**
   * Within the caller's transaction (so nothing is asked for unless the bundle commits): a
   * 'pending' row and a job in the renditions lane for each key not known yet. Keys already known
   * (pending, done or failed) are left as they are: a made file is reused, a failed one not retried.
   */
  request(keys: readonly ConversionKey[], executor: Kysely<Database>): Promise<void>;
  /**
   * After the transaction of `request` committed: the renditions lane starts on the new jobs at once
   * rather than at its next poll (a second of a bundle's progress otherwise spent waiting).
   */
  startMaking(): void;
  /**
   * The rows of these keys, by conversionKeyText (absent: never asked for). Inside a transaction,
   * pass it as `executor`: SQLite has one connection, and a read beside the transaction would wait for it.
   */
  rowsOf(keys: readonly ConversionKey[], executor?: Kysely<Database>): Promise<Map<string, ConversionRow>>;
}
