import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEST_PG_URL } from '../../test/global-setup.js';
import { TEST_DIALECTS } from '../../test/test-app.js';
import pg from 'pg';
import { foldCase, foldsUnicode } from './case-fold.js';
import { openDatabase, type DatabaseHandle } from './database.js';

// The characters case-fold.ts promises to fold alike on both engines; İ and a final Σ are left out
// on purpose (JavaScript and glibc differ there, see the comment in case-fold.ts).
const SAMPLES = ['MÜLLER', 'mÜller', 'ÖKO GmbH', 'ÄÖÜ äöü', 'Straße', 'STRAẞE', 'ÉCLAIR Ça', 'ISTANBUL', 'ǅ'];

describe.each(TEST_DIALECTS)('foldCase [%s]', (dialect) => {
  let database: DatabaseHandle;
  beforeAll(() => {
    database = openDatabase(
      dialect === 'sqlite' ? 'sqlite::memory:' : (process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL),
    );
  });
  afterAll(() => database.close());

  const fold = async (value: string | null) =>
    (
      await sql<{
        folded: string | null;
      }>`select ${foldCase(dialect, sql<string | null>`${value}`)} as folded`.execute(database.db)
    ).rows[0]!.folded;

  it('lower-cases Unicode letters as JavaScript does, ß stays ß, NULL stays NULL', async () => {
    for (const sample of SAMPLES) expect(await fold(sample), sample).toBe(sample.toLowerCase());
    expect(await fold('STRAẞE')).toBe('straße');
    expect(await fold(null)).toBeNull();
  });

  it('matches with LIKE whatever the case of the umlaut', async () => {
    const { rows } = await sql<{ hit: number }>`select case when ${foldCase(dialect, 'Jürgen MÜLLER')}
      like ${foldCase(dialect, '%mÜller%')} then 1 else 0 end as hit`.execute(database.db);
    expect(Number(rows[0]!.hit)).toBe(1);
  });
});

describe.each(TEST_DIALECTS)('foldsUnicode [%s]', (dialect) => {
  it('says yes on the test database', async () => {
    const database = openDatabase(
      dialect === 'sqlite' ? 'sqlite::memory:' : (process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL),
    );
    try {
      expect(await foldsUnicode(database.db, dialect)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it.runIf(dialect === 'postgres')('says no on a PostgreSQL database with LC_CTYPE "C"', async () => {
    const adminUrl = process.env.TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
    const name = `mediabox_ctype_c_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(
        `create database ${name} template template0 encoding 'UTF8' lc_ctype 'C' lc_collate 'C'`,
      );
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const database = openDatabase(url.toString());
      try {
        expect(await foldsUnicode(database.db, dialect)).toBe(false);
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  });
});
