import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** The one question the demo loader asks the database: is the catalogue still empty? */
export class DemoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async catalogueIsEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('nodes').select('id').limit(1).executeTakeFirst();
    return row === undefined;
  }
}
