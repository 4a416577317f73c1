import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The settings row that holds the generated secret when SECRET is not configured. */
export const SIGNING_SECRET_SETTING = 'signing-secret';

/**
 * The server's signing secret: SECRET from the configuration, or else 256 random bits generated once
 * and kept in the database, so that every instance and every restart signs and verifies alike.
 * Callers get keys derived per purpose, so a key for file tickets can never sign anything else.
 */
export class SecretStore {
  private master: Promise<Buffer> | undefined;
  private readonly derived = new Map<string, Buffer>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly configured: string | undefined,
  ) {}

  /** HMAC-SHA256(master, purpose): a 256-bit key for one use. */
  async keyFor(purpose: string): Promise<Buffer> {
    const cached = this.derived.get(purpose);
    if (cached) return cached;
    const key = createHmac('sha256', await this.masterSecret())
      .update(`mediabox:${purpose}`)
      .digest();
    this.derived.set(purpose, key);
    return key;
  }

  /** Loaded once per process; a failed load (database down) is retried on the next call. */
  masterSecret(): Promise<Buffer> {
    this.master ??= this.load().catch((err: unknown) => {
      this.master = undefined;
      throw err;
    });
    return this.master;
  }

  private async load(): Promise<Buffer> {
    if (this.configured) return Buffer.from(this.configured, 'utf8');
    // Insert-if-absent, then read: instances starting at the same moment all end up with the winner's key.
    await this.db
      .insertInto('settings')
      .values({ key: SIGNING_SECRET_SETTING, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SIGNING_SECRET_SETTING)
      .executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'base64url');
  }
}
