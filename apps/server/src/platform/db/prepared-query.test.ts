import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';
import { preparedQuery } from './prepared-query.js';

describe('prepared queries', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = openDatabase('sqlite::memory:');
    await migrateToLatest(database);
    // Node 1 is there already: the country roots are rows of every database.
    await database.db
      .insertInto('nodes')
      .values(
        [2, 3].map((id) => ({
          id,
          parent_id: null,
          root_id: id,
          name_de: `Knoten ${id}`,
          name_en: '',
          name_fr: '',
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
  });
  afterAll(() => database.close());

  it('answers what the built query answers, with new values at every call', async () => {
    const { db } = database;
    const byName = preparedQuery(db, (name: string, limit: number) =>
      db.selectFrom('nodes').select(['id', 'name_de']).where('name_de', '=', name).limit(limit),
    );
    expect(await byName('Knoten 2', 5)).toEqual([{ id: 2, name_de: 'Knoten 2' }]);
    expect(await byName('Knoten 3', 5)).toEqual([{ id: 3, name_de: 'Knoten 3' }]);
    expect(await byName('Knoten 3', 0)).toEqual([]);
  });

  it('compiles an `in` list once per length', async () => {
    const { db } = database;
    const byIds = preparedQuery(db, (ids: number[]) =>
      db.selectFrom('nodes').select('id').where('id', 'in', ids).orderBy('id'),
    );
    expect(await byIds([3, 1])).toEqual([{ id: 1 }, { id: 3 }]);
    expect(await byIds([2])).toEqual([{ id: 2 }]);
    expect(await byIds([2, 3])).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('refuses a query that uses an argument other than as a value', async () => {
    const { db } = database;
    const computed = preparedQuery(db, (name: string) =>
      db.selectFrom('nodes').select('id').where('name_de', '=', `${name}`),
    );
    await expect(computed('Knoten 1')).rejects.toThrow(/must use each argument as a value/);
  });
});
