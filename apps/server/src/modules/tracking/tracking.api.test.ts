import {
  ErrorCodes,
  TRACK_BATCH_MAX,
  TRACK_PATH_MAX_LENGTH,
  type AssetAnswer,
  type ConsentAnswer,
  type SearchAnswer,
  type TrackEvent,
} from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageAsset, seedAsset, seedNodes, type SeededAsset } from '../catalogue/testing/catalogue-seed.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, nextIp, signInAs, type Role } from '../../test/users.js';
import { RECORDED_SEARCHES_PER_USER, TRACK_BATCHES_PER_IP } from './tracking.rate-limits.js';

type Session = Awaited<ReturnType<typeof signInAs>>;

const DAY = 24 * 60 * 60 * 1000;
const pageView = (path: string, extra: Partial<Record<'country' | 'lang', string>> = {}): TrackEvent =>
  ({
    type: 'pageView',
    path,
    ...extra,
  }) as TrackEvent;

describeEachDatabase('tracking API', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const db = () => t.context.database.db;
  const consentOf = (session: Session) => call(t.app, 'GET', '/api/user/consent', { token: session.token });
  const decide = async (session: Session, tracking: boolean) => {
    const answer = await call(t.app, 'PUT', '/api/user/consent', {
      token: session.token,
      body: { tracking },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ConsentAnswer>();
  };
  const track = (body: unknown, options: { token?: string; ip?: string } = {}) =>
    call(t.app, 'POST', '/api/track', { body, ip: options.ip ?? nextIp(), ...options });
  const search = (session: Session, body: Record<string, unknown>, ip = nextIp()) =>
    call(t.app, 'POST', '/api/search/', { token: session.token, ip, body });
  /** Searches are recorded after their answer has gone out: wait until those writes are done. */
  const settled = () => t.context.searchService.recorded();
  const counts = async () => {
    const [views, searches] = await Promise.all([
      db()
        .selectFrom('page_views')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom('search_events')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { views: Number(views.n), searches: Number(searches.n) };
  };
  const viewsFrom = (ip: string) =>
    db()
      .selectFrom('page_views')
      .select(['path', 'user_id', 'audience', 'country', 'lang', 'ip', 'at'])
      .where('ip', '=', ip)
      .orderBy('id')
      .execute();

  describe('consent', () => {
    it('is null until decided, then the decision with the time it was made', async () => {
      const user = await signInAs(t, 'registered');
      expect((await consentOf(user)).json()).toEqual({ tracking: null, decidedAt: null });

      const first = t.clock.now();
      expect(await decide(user, true)).toEqual({ tracking: true, decidedAt: first });
      // The app pushes the browser's decision at every login: the same decision keeps its time.
      t.clock.advance(60_000);
      expect(await decide(user, true)).toEqual({ tracking: true, decidedAt: first });
      expect(await decide(user, false)).toEqual({ tracking: false, decidedAt: first + 60_000 });
      expect((await consentOf(user)).json()).toEqual({ tracking: false, decidedAt: first + 60_000 });
      const row = await db()
        .selectFrom('users')
        .select(['tracking_consent', 'tracking_consent_at'])
        .where('id', '=', user.row.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ tracking_consent: 0, tracking_consent_at: first + 60_000 });
    });

    it('is refused to guests, dead tokens and accounts no longer approved or active', async () => {
      expectError(await call(t.app, 'GET', '/api/user/consent'), 401, ErrorCodes.unauthorized);
      expectError(
        await call(t.app, 'PUT', '/api/user/consent', { body: { tracking: true } }),
        401,
        ErrorCodes.unauthorized,
      );
      const unapproved = await signInAs(t, 'registered');
      const deactivated = await signInAs(t, 'registered');
      await db()
        .updateTable('users')
        .set({ approved_at: null })
        .where('id', '=', unapproved.row.id)
        .execute();
      await db()
        .updateTable('users')
        .set({ deactivated_at: t.clock.now() })
        .where('id', '=', deactivated.row.id)
        .execute();
      for (const session of [unapproved, deactivated]) {
        expectError(await consentOf(session), 401, ErrorCodes.unauthorized);
        expectError(
          await call(t.app, 'PUT', '/api/user/consent', { token: session.token, body: { tracking: true } }),
          401,
          ErrorCodes.unauthorized,
        );
      }
      const rows = await db()
        .selectFrom('users')
        .select('tracking_consent')
        .where('id', 'in', [unapproved.row.id, deactivated.row.id])
        .execute();
      expect(rows.map((row) => row.tracking_consent)).toEqual([null, null]);
    });

    it('refuses a malformed decision with 400', async () => {
      const user = await signInAs(t, 'registered');
      for (const body of [{ tracking: 'yes' }, {}, { tracking: true, extra: 1 }, { tracking: null }]) {
        const answer = await call(t.app, 'PUT', '/api/user/consent', { token: user.token, body });
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json<{ error: { code: string } }>().error.code).toBeTypeOf('string');
      }
      expect((await consentOf(user)).json()).toEqual({ tracking: null, decidedAt: null });
    });
  });

  describe('POST /api/track', () => {
    it('stores nothing without consent, and still answers 204', async () => {
      const undecided = await signInAs(t, 'registered');
      const declined = await signInAs(t, 'registered');
      await decide(declined, false);
      const consenting = await signInAs(t, 'registered');
      await decide(consenting, true);
      const before = await counts();
      const batch = (consent: boolean) => ({ consent, events: [pageView('/')] });
      // Signed in: the stored decision counts, whatever the browser says.
      expect((await track(batch(true), { token: undecided.token })).statusCode).toBe(204);
      expect((await track(batch(true), { token: declined.token })).statusCode).toBe(204);
      // A withdrawal in the browser counts at once, even before its PUT has arrived.
      expect((await track(batch(false), { token: consenting.token })).statusCode).toBe(204);
      // A guest: the browser's decision.
      expect((await track(batch(false))).statusCode).toBe(204);
      // Searches: the stored decision.
      for (const session of [undecided, declined]) {
        expect((await search(session, { query: 'crema' })).statusCode).toBe(200);
      }
      await settled();
      expect(await counts()).toEqual(before);
    });

    it('stores page views with consent, with the audience and the address', async () => {
      const partner = await signInAs(t, 'registered');
      const staff = await signInAs(t, 'internal');
      const admin = await signInAs(t, 'super');
      for (const session of [partner, staff, admin]) await decide(session, true);
      const sent: { who: Session | null; ip: string; audience: string }[] = [
        { who: partner, ip: nextIp(), audience: 'external' },
        { who: staff, ip: nextIp(), audience: 'internal' },
        { who: admin, ip: nextIp(), audience: 'internal' },
        { who: null, ip: nextIp(), audience: 'guest' },
      ];
      for (const { who, ip } of sent) {
        const answer = await track(
          { consent: true, events: [pageView('/12', { country: 'at', lang: 'fr' })] },
          { ip, ...(who ? { token: who.token } : {}) },
        );
        expect(answer.statusCode, answer.body).toBe(204);
        expect(answer.body).toBe('');
      }
      for (const { who, ip, audience } of sent) {
        expect(await viewsFrom(ip)).toEqual([
          {
            path: '/12',
            user_id: who?.row.id ?? null,
            audience,
            country: 'at',
            lang: 'fr',
            ip,
            at: t.clock.now(),
          },
        ]);
      }
    });

    it('keeps the route only: query string and fragment are cut off, long paths shortened', async () => {
      const ip = nextIp();
      const long = `/search/${'a'.repeat(400)}`;
      const answer = await track(
        {
          consent: true,
          events: [
            pageView('/search/crema?c=de&token=secret#top'),
            pageView('/asset/42#files'),
            pageView('/?c=ch'),
            pageView(long),
          ],
        },
        { ip },
      );
      expect(answer.statusCode, answer.body).toBe(204);
      const views = await viewsFrom(ip);
      expect(views.map((view) => view.path)).toEqual([
        '/search/crema',
        '/asset/42',
        '/',
        long.slice(0, TRACK_PATH_MAX_LENGTH),
      ]);
      // Absent country and language stay unknown rather than guessed.
      expect(views[0]).toMatchObject({ country: null, lang: null, audience: 'guest', user_id: null });
    });

    it('refuses a malformed batch with 400 in the error shape and stores none of it', async () => {
      const before = await counts();
      const good = pageView('/');
      const tooMany = await track({
        consent: true,
        events: Array.from({ length: TRACK_BATCH_MAX + 1 }, () => good),
      });
      expectError(tooMany, 400, ErrorCodes.trackingTooManyEvents);
      expectError(
        await track({ consent: true, events: [good, pageView('https://evil.example/')] }),
        400,
        ErrorCodes.trackingInvalidPath,
      );
      const malformed: unknown[] = [
        { events: [good] },
        { consent: 'yes', events: [good] },
        { consent: true },
        { consent: true, events: [good, { type: 'click', path: '/' }] },
        { consent: true, events: [{ type: 'pageView' }] },
        { consent: true, events: [{ type: 'pageView', path: 42 }] },
        { consent: true, events: [pageView('/', { country: 'fr' })] },
        { consent: true, events: [pageView('/', { lang: 'it' })] },
        // Searches are the server's to record (issue 17.8): a client's search event, however well
        // formed, is refused, and the page view sent with it is not kept either.
        { consent: true, events: [good, { type: 'search', query: 'crema', resultCount: 1 }] },
        {
          consent: true,
          events: [{ type: 'search', query: 'evil term', resultCount: 1_000_000, rootId: 1 }],
        },
        [good],
        'consent=true',
      ];
      for (const body of malformed) {
        const answer = await track(body);
        expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(400);
        const error = answer.json<{ error: { code: string; message: string } }>().error;
        expect(typeof error.code).toBe('string');
        expect(typeof error.message).toBe('string');
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/track',
        headers: { 'content-type': 'application/json' },
        payload: '{"consent": true, "events": [',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json<{ error: { code: string } }>().error.code).toBe(ErrorCodes.badRequest);
      expect(await counts()).toEqual(before);
    });

    it('answers an empty batch 204 and stores nothing', async () => {
      const before = await counts();
      expect((await track({ consent: true, events: [] })).statusCode).toBe(204);
      expect(await counts()).toEqual(before);
    });

    it('drops batches over the per-address limit with 204, and takes them again in the next window', async () => {
      const ip = nextIp();
      const batch = { consent: true, events: [pageView('/')] };
      for (let i = 0; i < TRACK_BATCHES_PER_IP.limit; i += 1) {
        expect((await track(batch, { ip })).statusCode).toBe(204);
      }
      expect(await viewsFrom(ip)).toHaveLength(TRACK_BATCHES_PER_IP.limit);
      const over = await track(batch, { ip });
      expect(over.statusCode).toBe(204);
      expect(await viewsFrom(ip)).toHaveLength(TRACK_BATCHES_PER_IP.limit);
      // Another address is not affected.
      const other = nextIp();
      expect((await track(batch, { ip: other })).statusCode).toBe(204);
      expect(await viewsFrom(other)).toHaveLength(1);

      t.clock.advance(TRACK_BATCHES_PER_IP.windowMs);
      expect((await track(batch, { ip })).statusCode).toBe(204);
      expect(await viewsFrom(ip)).toHaveLength(TRACK_BATCHES_PER_IP.limit + 1);
    });
  });

  describe('searches', () => {
    beforeAll(async () => {
      await seedNodes(t, [
        { id: 123, de: 'Österreich' },
        { id: 131, parentId: 123, rootId: 123, de: 'Kaffee' },
        { id: 132, parentId: 123, rootId: 123, de: 'Pads' },
      ]);
      for (const asset of [
        imageAsset(131, 123, 'Caffè Crema Bohnen', { renditions: false }),
        imageAsset(132, 123, 'Crema Pads', { renditions: false }),
        imageAsset(131, 123, 'Espresso Bohnen', { renditions: false }),
      ]) {
        await seedAsset(t, asset);
      }
      await t.context.search.rebuild();
    });

    const searchesBy = (userId: number) =>
      db()
        .selectFrom('search_events')
        .select(['query', 'result_count', 'filters', 'root_id', 'user_id', 'audience', 'ip', 'at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();

    it('records the first page of every search with the count the server found, consent permitting', async () => {
      const partner = await signInAs(t, 'registered');
      const staff = await signInAs(t, 'internal');
      for (const [session, audience] of [
        [partner, 'external'],
        [staff, 'internal'],
      ] as const) {
        await decide(session, true);
        const ip = nextIp();
        const first = await search(
          session,
          { query: '  CREMA ', rootId: 123, categories: [132, 131, 132] },
          ip,
        );
        expect(first.statusCode, first.body).toBe(200);
        const { numberTotal } = first.json<SearchAnswer>();
        expect(numberTotal).toBe(2);
        // Further pages of the same search are not another search.
        const next = await search(session, { query: 'crema', rootId: 123, offset: 1, limit: 1 }, ip);
        expect(next.statusCode, next.body).toBe(200);
        await settled();
        expect(await searchesBy(session.row.id)).toEqual([
          {
            query: 'crema',
            result_count: numberTotal,
            filters: '{"categories":[131,132]}',
            root_id: 123,
            user_id: session.row.id,
            audience,
            ip,
            at: t.clock.now(),
          },
        ]);
      }
      // A search without hits counts too: that is what the insights' "no results" list is for.
      const none = await search(partner, { query: 'Kakao' });
      expect(none.json<SearchAnswer>().numberTotal).toBe(0);
      await settled();
      expect(await searchesBy(partner.row.id)).toContainEqual(
        expect.objectContaining({ query: 'kakao', result_count: 0, root_id: 1, filters: null }),
      );
    });

    it('stops counting one account after the per-user limit, without refusing its searches', async () => {
      const user = await signInAs(t, 'registered');
      await decide(user, true);
      for (let i = 0; i <= RECORDED_SEARCHES_PER_USER.limit; i += 1) {
        expect((await search(user, { query: 'crema', rootId: 123 })).statusCode).toBe(200);
      }
      await settled();
      expect(await searchesBy(user.row.id)).toHaveLength(RECORDED_SEARCHES_PER_USER.limit);
      t.clock.advance(RECORDED_SEARCHES_PER_USER.windowMs);
      expect((await search(user, { query: 'crema', rootId: 123 })).statusCode).toBe(200);
      await settled();
      expect(await searchesBy(user.row.id)).toHaveLength(RECORDED_SEARCHES_PER_USER.limit + 1);
    });
  });

  describe('downloads', () => {
    let asset: SeededAsset;

    beforeAll(async () => {
      await seedNodes(t, [
        { id: 1, de: 'Deutschland' },
        { id: 12, parentId: 1, rootId: 1, de: 'Kaffee' },
      ]);
      asset = await seedAsset(t, imageAsset(12, 1, 'Crema'));
    });

    const downloadEvents = (since: number) =>
      db()
        .selectFrom('download_events')
        .select(['kind', 'user_id', 'audience', 'ip'])
        .where('id', '>', since)
        .orderBy('id')
        .execute();
    const lastEventId = async () =>
      Number(
        (
          await db()
            .selectFrom('download_events')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );

    /** One single-file download and one bundle download, each from the given address. */
    async function downloadBoth(session: Session, ip: string) {
      const ticket = (
        await call(t.app, 'GET', `/api/asset/${asset.id}`, { token: session.token })
      ).json<AssetAnswer>().data.originalTicket;
      expect((await call(t.app, 'GET', ticket, { ip })).statusCode).toBe(200);
      await call(t.app, 'PUT', '/api/cart/', { token: session.token, body: { assetId: asset.id } });
      const bundle = await call(t.app, 'GET', '/api/cart/download', { token: session.token });
      const { filename } = bundle.json<{ filename: string }>();
      expect(
        (await call(t.app, 'GET', `/api/download/${filename}`, { token: session.token, ip })).statusCode,
      ).toBe(200);
      return filename;
    }

    it.each<[Role, string]>([
      ['registered', 'external'],
      ['internal', 'internal'],
    ])('keeps who downloaded only with consent (%s)', async (role, audience) => {
      const session = await signInAs(t, role);
      const ip = nextIp();

      let since = await lastEventId();
      await downloadBoth(session, ip);
      // Undecided: counted with the audience, without anything personal.
      expect(await downloadEvents(since)).toEqual([
        { kind: 'file', user_id: null, audience, ip: null },
        { kind: 'bundle', user_id: null, audience, ip: null },
      ]);

      await decide(session, false);
      since = await lastEventId();
      await downloadBoth(session, ip);
      expect(await downloadEvents(since)).toEqual([
        { kind: 'file', user_id: null, audience, ip: null },
        { kind: 'bundle', user_id: null, audience, ip: null },
      ]);

      await decide(session, true);
      since = await lastEventId();
      const filename = await downloadBoth(session, ip);
      expect(await downloadEvents(since)).toEqual([
        { kind: 'file', user_id: session.row.id, audience, ip },
        { kind: 'bundle', user_id: session.row.id, audience, ip },
      ]);

      // The same link opened without login (a mailed link) is a guest's: never personal.
      since = await lastEventId();
      expect((await call(t.app, 'GET', `/api/download/${filename}`, { ip })).statusCode).toBe(200);
      expect(await downloadEvents(since)).toEqual([
        { kind: 'bundle', user_id: null, audience: 'guest', ip: null },
      ]);
    });
  });

  describe('download history', () => {
    let crema: SeededAsset;
    let espresso: SeededAsset;

    beforeAll(async () => {
      await seedNodes(t, [
        { id: 2, de: 'Deutschland' },
        { id: 22, parentId: 2, rootId: 2, de: 'Kaffee' },
      ]);
      crema = await seedAsset(t, imageAsset(22, 2, 'Crema'));
      espresso = await seedAsset(t, {
        ...imageAsset(22, 2, 'Espresso'),
        files: [
          ...imageAsset(22, 2, 'Espresso').files,
          {
            mediaType: 1200,
            bytes: Buffer.from('tiff espresso'),
            fileName: 'espresso.tif',
            mimeType: 'image/tiff',
            colorspace: 'cmyk',
          },
        ],
      });
    });

    const historyOf = (userId: number) =>
      db()
        .selectFrom('user_downloads')
        .select(['asset_id', 'last_at'])
        .where('user_id', '=', userId)
        .orderBy('asset_id')
        .execute()
        .then((rows) => rows.map((row) => ({ ...row, last_at: Number(row.last_at) })));
    const eventsOf = (kind: 'file' | 'bundle', since: number) =>
      db()
        .selectFrom('download_events')
        .select(['kind', 'asset_id', 'user_id', 'ip'])
        .where('id', '>', since)
        .where('kind', '=', kind)
        .execute();
    const lastEventId = async () =>
      Number(
        (
          await db()
            .selectFrom('download_events')
            .select((eb) => eb.fn.max('id').as('id'))
            .executeTakeFirst()
        )?.id ?? 0,
      );
    const downloadFile = async (session: Session, ip: string) => {
      const ticket = (
        await call(t.app, 'GET', `/api/asset/${crema.id}`, { token: session.token })
      ).json<AssetAnswer>().data.originalTicket;
      expect((await call(t.app, 'GET', ticket, { ip })).statusCode).toBe(200);
    };
    /** Crema, and Espresso in two formats (two zip entries, one asset): answers the zip's name. */
    const downloadZip = async (session: Session, ip: string) => {
      await call(t.app, 'POST', '/api/cart/clear', { token: session.token });
      for (const body of [
        { assetId: crema.id },
        { assetId: espresso.id },
        { assetId: espresso.id, format: 1200 },
      ]) {
        const put = await call(t.app, 'PUT', '/api/cart/', { token: session.token, body });
        expect(put.statusCode, put.body).toBe(200);
      }
      const { filename } = (await call(t.app, 'GET', '/api/cart/download', { token: session.token })).json<{
        filename: string;
      }>();
      const entries = await db()
        .selectFrom('bundle_entries as e')
        .innerJoin('bundles as b', 'b.id', 'e.bundle_id')
        .select('e.asset_id')
        .where('b.filename', '=', filename)
        .execute();
      expect(entries.map((entry) => entry.asset_id).sort()).toEqual(
        [crema.id, espresso.id, espresso.id].sort(),
      );
      expect(
        (await call(t.app, 'GET', `/api/download/${filename}`, { token: session.token, ip })).statusCode,
      ).toBe(200);
      return filename;
    };

    it('notes what a signed-in user downloads whatever their consent, with no address, while the event stays anonymous', async () => {
      const session = await signInAs(t, 'registered');
      await decide(session, false);
      const ip = nextIp();
      const since = await lastEventId();

      await downloadFile(session, ip);
      expect(await eventsOf('file', since)).toEqual([
        { kind: 'file', asset_id: crema.id, user_id: null, ip: null },
      ]);
      const fileAt = t.clock.now();
      expect(await historyOf(session.row.id)).toEqual([{ asset_id: crema.id, last_at: fileAt }]);

      // A zip: one row per asset however many of its files it holds; Crema's row moves on.
      t.clock.advance(60_000);
      const filename = await downloadZip(session, ip);
      expect(await eventsOf('bundle', since)).toEqual([
        { kind: 'bundle', asset_id: null, user_id: null, ip: null },
      ]);
      const zipAt = t.clock.now();
      expect(await historyOf(session.row.id)).toEqual(
        [
          { asset_id: crema.id, last_at: zipAt },
          { asset_id: espresso.id, last_at: zipAt },
        ].sort((a, b) => a.asset_id - b.asset_id),
      );

      // The same zip taken by a guest (the link without login) notes nothing for anyone.
      const before = await db()
        .selectFrom('user_downloads')
        .selectAll()
        .orderBy('user_id')
        .orderBy('asset_id')
        .execute();
      t.clock.advance(60_000);
      expect((await call(t.app, 'GET', `/api/download/${filename}`, { ip })).statusCode).toBe(200);
      expect(
        await db().selectFrom('user_downloads').selectAll().orderBy('user_id').orderBy('asset_id').execute(),
      ).toEqual(before);
    });

    it('goes with the account', async () => {
      const session = await signInAs(t, 'registered');
      await downloadFile(session, nextIp());
      expect(await historyOf(session.row.id)).toHaveLength(1);
      await db().deleteFrom('users').where('id', '=', session.row.id).execute();
      expect(await historyOf(session.row.id)).toEqual([]);
    });

    it('is deleted after a year by the hourly housekeeping job, rows younger than that stay', async () => {
      const [old, young] = await Promise.all([signInAs(t, 'registered'), signInAs(t, 'internal')]);
      await downloadFile(old, nextIp());
      t.clock.advance(10 * DAY);
      await downloadFile(young, nextIp());
      // The old one's download is a year and a day old, the young one's 356 days.
      t.clock.advance(356 * DAY);
      await t.context.jobs.ensureRecurring();
      await t.runJobs();
      expect(await historyOf(old.row.id)).toEqual([]);
      expect(await historyOf(young.row.id)).toHaveLength(1);
    });
  });

  describe('address erasure', () => {
    it('erases addresses older than seven days from every event table, hourly and idempotently', async () => {
      const user = await signInAs(t, 'registered');
      await decide(user, true);
      const oldIp = nextIp();
      const youngIp = nextIp();
      const batch = { consent: true, events: [pageView('/')] };
      expect((await track(batch, { ip: oldIp, token: user.token })).statusCode).toBe(204);
      expect((await search(user, { query: 'crema' }, oldIp)).statusCode).toBe(200);
      // Recorded after the answer: it must carry the time before the clock moves on.
      await settled();
      await t.context.downloadEvents.recordForViewer(user.row.id, { kind: 'file', assetId: 1, ip: oldIp });
      t.clock.advance(2 * DAY);
      expect((await track(batch, { ip: youngIp, token: user.token })).statusCode).toBe(204);
      expect((await search(user, { query: 'crema' }, youngIp)).statusCode).toBe(200);
      await settled();
      await t.context.downloadEvents.recordForViewer(user.row.id, { kind: 'file', assetId: 1, ip: youngIp });
      t.clock.advance(6 * DAY);

      const ipsOf = async (ip: string) => {
        const [views, searches, downloads] = await Promise.all(
          (['page_views', 'search_events', 'download_events'] as const).map((table) =>
            db()
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('ip', '=', ip)
              .executeTakeFirstOrThrow(),
          ),
        );
        return [Number(views!.n), Number(searches!.n), Number(downloads!.n)];
      };
      const rowsOf = async (userId: number) =>
        Number(
          (
            await db()
              .selectFrom('page_views')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('user_id', '=', userId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await ipsOf(oldIp)).toEqual([1, 1, 1]);

      await t.context.jobs.ensureRecurring();
      await t.runJobs();
      // Eight days old: gone. Six days old: kept. The events themselves stay.
      expect(await ipsOf(oldIp)).toEqual([0, 0, 0]);
      expect(await ipsOf(youngIp)).toEqual([1, 1, 1]);
      expect(await rowsOf(user.row.id)).toBe(2);

      // The next run is an hour later and changes nothing new; a day later the younger ones go too.
      await t.runJobs();
      expect(await ipsOf(youngIp)).toEqual([1, 1, 1]);
      t.clock.advance(DAY + 60 * 60 * 1000);
      await t.runJobs();
      expect(await ipsOf(youngIp)).toEqual([0, 0, 0]);
      const pending = await db()
        .selectFrom('jobs')
        .select('run_at')
        .where('name', '=', 'tracking.eraseIps')
        .where('done_at', 'is', null)
        .where('failed_at', 'is', null)
        .execute();
      expect(pending).toEqual([{ run_at: t.clock.now() + 60 * 60 * 1000 }]);
    });
  });
});
