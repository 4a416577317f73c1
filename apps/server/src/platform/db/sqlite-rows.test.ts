import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';

describe('SQLite rows built from arrays', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = openDatabase('sqlite::memory:');
    await sql`create table t (id integer primary key, name text, size real)`.execute(database.db);
    await sql`insert into t values (1, 'Röstung', 1.5), (2, null, null)`.execute(database.db);
  });
  afterEach(() => database.close());

  it('answers the same objects better-sqlite3 would, in column order', async () => {
    const { rows } = await sql`select * from t order by id`.execute(database.db);
    expect(rows).toEqual([
      { id: 1, name: 'Röstung', size: 1.5 },
      { id: 2, name: null, size: null },
    ]);
    expect(Object.keys(rows[0] as object)).toEqual(['id', 'name', 'size']);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('keeps the last of two columns of one name, and takes any name as a property name', async () => {
    const { rows } = await sql`select 1 as a, 2 as a, 3 as "x"": y}"`.execute(database.db);
    expect(rows).toEqual([{ a: 2, 'x": y}': 3 }]);
  });

  it('follows a schema change of a cached `select *`', async () => {
    const query = sql`select * from t where id = 1`;
    expect((await query.execute(database.db)).rows).toEqual([{ id: 1, name: 'Röstung', size: 1.5 }]);
    await sql`alter table t add column note text default 'new'`.execute(database.db);
    expect((await query.execute(database.db)).rows).toEqual([
      { id: 1, name: 'Röstung', size: 1.5, note: 'new' },
    ]);
  });

  it('runs writes and answers rows of writes with returning', async () => {
    const inserted = await sql`insert into t (name) values ('neu') returning id, name`.execute(database.db);
    expect(inserted.rows).toEqual([{ id: 3, name: 'neu' }]);
    const updated = await sql`update t set size = 2 where id = 3`.execute(database.db);
    expect(updated.numAffectedRows).toBe(1n);
  });
});
