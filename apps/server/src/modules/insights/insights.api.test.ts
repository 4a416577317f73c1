import { ErrorCodes, type InsightsAnswer } from '@mediabox/contract';
import type { Insertable, Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  Database,
  DownloadEventsTable,
  PageViewsTable,
  SearchEventsTable,
} from '../../platform/db/schema.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';

/** 2026-11-{day} at the given UTC time. The range under test is 2026-11-02 (a Monday) to 2026-11-15. */
const nov = (day: number, hour = 12, minute = 0, second = 0, ms = 0) =>
  Date.UTC(2026, 10, day, hour, minute, second, ms);
const lastMsOf = (day: number) => nov(day, 23, 59, 59, 999);
const RANGE = 'from=2026-11-02&to=2026-11-15';

const ASSET_A = 7101;
const ASSET_B = 7102;
const ASSET_C = 7103;

async function seed(db: Kysely<Database>, ownerId: number): Promise<void> {
  const now = nov(1);
  await db
    .insertInto('nodes')
    .values({
      id: 7001,
      parent_id: null,
      root_id: 7001,
      name_de: 'Wurzel',
      name_en: 'Root',
      name_fr: 'Racine',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const asset = (id: number, name: string) => ({
    id,
    container_id: 7001,
    root_id: 7001,
    name_de: name,
    keywords: '',
    description: '',
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('assets')
    .values([asset(ASSET_A, 'Kaffee Crema'), asset(ASSET_B, '=Bohne'), asset(ASSET_C, 'Tee, "grün"')])
    .execute();
  await db
    .insertInto('blobs')
    .values({ sha256: 'a'.repeat(64), size: 1, crc32: 0, mime_type: 'image/jpeg', created_at: now })
    .execute();
  const bundle = await db
    .insertInto('bundles')
    .values({
      filename: 'x.zip',
      owner_id: ownerId,
      kind: 'download',
      created_at: now,
      expires_at: now + 1,
      entry_count: 3,
      files_size: 3,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Two files of asset A and one of C: a download of the bundle counts once for A and once for C.
  const entry = (position: number, assetId: number) => ({
    bundle_id: bundle.id,
    position,
    asset_id: assetId,
    asset_name: 'x',
    file_id: position,
    media_type: 1,
    blob_sha256: 'a'.repeat(64),
    entry_name: `${position}.jpg`,
    size: 1,
    crc32: 0,
  });
  await db
    .insertInto('bundle_entries')
    .values([entry(0, ASSET_A), entry(1, ASSET_A), entry(2, ASSET_C)])
    .execute();

  const file = (
    at: number,
    audience: DownloadEventsTable['audience'],
    assetId: number,
  ): Insertable<DownloadEventsTable> => ({
    at,
    kind: 'file',
    asset_id: assetId,
    audience,
  });
  const bundled = (
    at: number,
    audience: DownloadEventsTable['audience'],
  ): Insertable<DownloadEventsTable> => ({
    at,
    kind: 'bundle',
    bundle_id: bundle.id,
    audience,
  });
  await db
    .insertInto('download_events')
    .values([
      file(nov(2, 10), 'internal', ASSET_A),
      file(lastMsOf(2), 'external', ASSET_A),
      file(nov(3, 0), 'guest', ASSET_B),
      bundled(nov(10), 'internal'),
      bundled(lastMsOf(15), 'external'),
      // outside the range, by one millisecond each
      file(lastMsOf(1), 'guest', ASSET_B),
      file(nov(16, 0), 'internal', ASSET_C),
    ])
    .execute();

  const search = (at: number, query: string, resultCount: number): Insertable<SearchEventsTable> => ({
    at,
    query,
    result_count: resultCount,
    audience: 'external',
  });
  await db
    .insertInto('search_events')
    .values([
      search(nov(2), 'kaffee', 10),
      search(nov(5), 'kaffee', 20),
      search(nov(9), 'kaffee', 31),
      search(nov(3), 'tee', 5),
      search(nov(4), 'tee', 5),
      search(nov(6), '=cmd|calc', 0),
      search(nov(7), '=cmd|calc', 0),
      search(nov(8), 'xyz', 0),
      // Before 'xyz' in byte order, after it in a locale collation that skips punctuation.
      search(nov(8), '_z', 4),
      ...Array.from({ length: 5 }, () => search(nov(16, 0), 'outside', 3)),
      ...Array.from({ length: 3 }, () => search(lastMsOf(1), 'xyz', 0)),
    ])
    .execute();

  const view = (
    at: number,
    userId: number | null,
    country: 'de' | 'at' | 'ch' | null,
  ): Insertable<PageViewsTable> => ({
    at,
    path: '/search',
    user_id: userId,
    audience: userId === null ? 'guest' : 'external',
    country,
  });
  await db
    .insertInto('page_views')
    .values([
      view(nov(2), 101, 'de'),
      view(nov(14), 101, 'de'),
      view(nov(3), 102, 'de'),
      view(nov(4), 103, 'at'),
      view(nov(5), 101, 'at'),
      view(nov(6), 104, null),
      view(nov(7), null, 'de'),
      view(nov(8), null, 'de'),
      view(nov(9), null, 'ch'),
      view(nov(16, 0), 105, 'ch'),
    ])
    .execute();

  const user = (email: string, createdAt: number) => ({
    email,
    password_hash: 'x',
    firstname: 'F',
    lastname: 'L',
    company: 'C',
    phone: '',
    contact_person: '',
    lang: 'de',
    jde: 0,
    is_super_user: 0,
    created_at: createdAt,
    updated_at: createdAt,
  });
  await db
    .insertInto('users')
    .values([
      user('w1a@insights.example', nov(2, 0)),
      user('w1b@insights.example', lastMsOf(8)),
      user('w2@insights.example', nov(9, 0)),
      user('before@insights.example', lastMsOf(1)),
      user('after@insights.example', nov(16, 0)),
    ])
    .execute();
}

describeEachDatabase('insights API', (dialect) => {
  let t: TestApp;
  let registered: string;
  let internal: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const sessions = await Promise.all([
      signInAs(t, 'registered'),
      signInAs(t, 'internal'),
      signInAs(t, 'super'),
    ]);
    [registered, internal, admin] = [sessions[0].token, sessions[1].token, sessions[2].token];
    await seed(t.context.database.db, sessions[2].row.id);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string | undefined = admin) =>
    call(t.app, 'GET', url, token === undefined ? {} : { token });
  const insights = async (query = RANGE) => {
    const response = await get(`/api/admin/insights?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<InsightsAnswer>();
  };

  it.each(['/api/admin/insights', '/api/admin/insights/top-searches.csv'])(
    '%s: 401 for guests, 403 for registered and internal users, 200 for super users',
    async (path) => {
      const guest = await call(t.app, 'GET', path);
      expectError(guest, 401, ErrorCodes.unauthorized);
      expectError(await get(path, registered), 403, ErrorCodes.forbidden);
      expectError(await get(path, internal), 403, ErrorCodes.forbidden);
      expect((await get(path)).statusCode).toBe(200);
    },
  );

  it.each([
    ['from=2026-13-01', ErrorCodes.insightsInvalidDay],
    ['from=2026-02-30', ErrorCodes.insightsInvalidDay],
    ['to=20261115', ErrorCodes.insightsInvalidDay],
    ['from=yesterday', ErrorCodes.insightsInvalidDay],
    ['from=2026-11-16&to=2026-11-15', ErrorCodes.insightsInvalidRange],
    ['from=2025-11-21&to=2026-11-22', ErrorCodes.insightsInvalidRange],
    // without `to` the range ends today (2026-11-22): a `from` after it is out of order
    ['from=2026-12-01', ErrorCodes.insightsInvalidRange],
  ])('400 for %s', async (query, code) => {
    expectError(await get(`/api/admin/insights?${query}`), 400, code);
    expectError(await get(`/api/admin/insights/downloads-per-day.csv?${query}`), 400, code);
  });

  it('takes a whole year (366 days) and defaults to the last 30 days', async () => {
    const year = await insights('from=2025-11-22&to=2026-11-22');
    expect(year.downloadsPerDay).toHaveLength(366);
    const defaults = await insights('');
    expect([defaults.from, defaults.to]).toEqual(['2026-10-24', '2026-11-22']);
    expect(defaults.downloadsPerDay).toHaveLength(30);
    expect(defaults.totals.downloads).toBe(7);
  });

  it('counts downloads per day and audience, every day present, the range ends exact to the millisecond', async () => {
    const answer = await insights();
    expect([answer.from, answer.to]).toEqual(['2026-11-02', '2026-11-15']);
    expect(answer.downloadsPerDay).toHaveLength(14);
    expect(answer.downloadsPerDay.map((row) => row.day)).toEqual(
      Array.from({ length: 14 }, (_, i) => `2026-11-${String(i + 2).padStart(2, '0')}`),
    );
    const nonZero = answer.downloadsPerDay.filter((row) => row.internal + row.external + row.guest > 0);
    expect(nonZero).toEqual([
      { day: '2026-11-02', internal: 1, external: 1, guest: 0 },
      { day: '2026-11-03', internal: 0, external: 0, guest: 1 },
      { day: '2026-11-10', internal: 1, external: 0, guest: 0 },
      { day: '2026-11-15', internal: 0, external: 1, guest: 0 },
    ]);
    expect(answer.downloadsPerDay[2]).toEqual({ day: '2026-11-04', internal: 0, external: 0, guest: 0 });
  });

  it('ranks assets by downloads, a bundle counting once for each asset in it', async () => {
    const answer = await insights();
    expect(answer.topAssets).toEqual([
      { assetId: ASSET_A, name: 'Kaffee Crema', downloads: 4 },
      { assetId: ASSET_C, name: 'Tee, "grün"', downloads: 2 },
      { assetId: ASSET_B, name: '=Bohne', downloads: 1 },
    ]);
  });

  it('ranks searches and zero-result searches, ties by query text in byte order on both databases', async () => {
    const answer = await insights();
    expect(answer.topSearches).toEqual([
      { query: 'kaffee', count: 3, avgResults: 20.3 },
      { query: '=cmd|calc', count: 2, avgResults: 0 },
      { query: 'tee', count: 2, avgResults: 5 },
      { query: '_z', count: 1, avgResults: 4 },
      { query: 'xyz', count: 1, avgResults: 0 },
    ]);
    expect(answer.zeroResultSearches).toEqual([
      { query: '=cmd|calc', count: 2 },
      { query: 'xyz', count: 1 },
    ]);
  });

  it('counts distinct signed-in users per country, never guests', async () => {
    const answer = await insights();
    expect(answer.activeUsersPerCountry).toEqual([
      { country: 'de', users: 2 },
      { country: 'at', users: 2 },
      { country: 'unknown', users: 1 },
    ]);
  });

  it('counts registrations per Monday-based week, every week of the range present', async () => {
    expect((await insights()).registrationsPerWeek).toEqual([
      { weekStart: '2026-11-02', count: 2 },
      { weekStart: '2026-11-09', count: 1 },
    ]);
    // A range starting mid-week: its first week starts before it, only its own days count.
    expect((await insights('from=2026-11-04&to=2026-11-10')).registrationsPerWeek).toEqual([
      { weekStart: '2026-11-02', count: 1 },
      { weekStart: '2026-11-09', count: 1 },
    ]);
    expect((await insights('from=2026-11-17&to=2026-11-18')).registrationsPerWeek).toEqual([
      { weekStart: '2026-11-16', count: 0 },
    ]);
  });

  it('sums the totals of the range', async () => {
    expect((await insights()).totals).toEqual({
      downloads: 5,
      searches: 9,
      pageViews: 9,
      registrations: 3,
    });
  });

  it('exports a series as CSV with BOM, header, RFC 4180 quoting and the formula guard', async () => {
    const response = await get(`/api/admin/insights/top-assets.csv?${RANGE}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      'attachment; filename="mediabox-top-assets-2026-11-02-2026-11-15.csv"',
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toBe(
      `\uFEFFassetId,name,downloads\r\n${ASSET_A},Kaffee Crema,4\r\n${ASSET_C},"Tee, ""grün""",2\r\n${ASSET_B},'=Bohne,1\r\n`,
    );

    const searches = await get(`/api/admin/insights/zero-result-searches.csv?${RANGE}`);
    expect(searches.body).toBe(`\uFEFFquery,count\r\n'=cmd|calc,2\r\nxyz,1\r\n`);
  });

  it('exports every series with its header', async () => {
    const headers: Record<string, string> = {
      'downloads-per-day': 'day,internal,external,guest',
      'top-assets': 'assetId,name,downloads',
      'top-searches': 'query,count,avgResults',
      'zero-result-searches': 'query,count',
      'active-users-per-country': 'country,users',
      'registrations-per-week': 'weekStart,count',
    };
    for (const [series, header] of Object.entries(headers)) {
      const response = await get(`/api/admin/insights/${series}.csv?${RANGE}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body.split('\r\n')[0]).toBe(`\uFEFF${header}`);
    }
    const days = await get(`/api/admin/insights/downloads-per-day.csv?${RANGE}`);
    expect(days.body.split('\r\n').slice(1, 3)).toEqual(['2026-11-02,1,1,0', '2026-11-03,0,0,1']);
    expect(days.body.split('\r\n')).toHaveLength(1 + 14 + 1);
    const weeks = await get(`/api/admin/insights/registrations-per-week.csv?${RANGE}`);
    expect(weeks.body).toBe('\uFEFFweekStart,count\r\n2026-11-02,2\r\n2026-11-09,1\r\n');
    expect((await get(`/api/admin/insights/unknown-series.csv?${RANGE}`)).statusCode).toBe(400);
  });
});
