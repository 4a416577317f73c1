import { COUNTRY_ROOTS } from '@mediabox/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

const COUNTRY_ROOT_IDS = Object.values(COUNTRY_ROOTS);

/** The settings row that says which instance loads the demo catalogue, and since when (ms). */
const DEMO_CLAIM = 'demo.loadClaimedAt';
/**
 * A claim this old whose catalogue is still empty belongs to an instance that died while loading:
 * another may take it over. Loading takes about a minute on two cores.
 */
export const DEMO_CLAIM_STALE_MS = 10 * 60_000;

/** What the demo loader asks the database: is the catalogue still empty, and is the load mine? */
export class DemoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * No category and no asset: the country roots are rows of every database (migration
   * 20261126-0015), so they alone do not make a catalogue.
   */
  async catalogueIsEmpty(): Promise<boolean> {
    const category = await this.db
      .selectFrom('nodes')
      .select('id')
      .where('id', 'not in', COUNTRY_ROOT_IDS)
      .limit(1)
      .executeTakeFirst();
    if (category) return false;
    const asset = await this.db.selectFrom('assets').select('id').limit(1).executeTakeFirst();
    return asset === undefined;
  }

  /**
   * True for exactly one of the instances that start together on an empty shared database (insert
   * if absent on the settings key), so the demo is rendered and imported once, not once per
   * instance. A stale claim is taken over with a compare-and-set on its time.
   */
  async claimDemoLoad(now: number): Promise<boolean> {
    const inserted = await this.db
      .insertInto('settings')
      .values({ key: DEMO_CLAIM, value: String(now) })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
    const claim = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', DEMO_CLAIM)
      .executeTakeFirst();
    if (!claim || now - Number(claim.value) < DEMO_CLAIM_STALE_MS) return false;
    const taken = await this.db
      .updateTable('settings')
      .set({ value: String(now) })
      .where('key', '=', DEMO_CLAIM)
      .where('value', '=', claim.value)
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }
}
