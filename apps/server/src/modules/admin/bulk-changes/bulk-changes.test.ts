import {
  BULK_BATCH_SIZE,
  BULK_UNDO_WINDOW_MS,
  ErrorCodes,
  SELECTION_MAX,
  type AuditEntry,
  type BulkChangeAnswer,
  type BulkChangeProgress,
  type SearchAnswer,
} from '@mediabox/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFingerprint } from '../../../test/database-fingerprint.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import { expectError, signInAs } from '../../../test/users.js';
import {
  imageAsset,
  seedAsset,
  seedNodes,
  type SeededAsset,
} from '../../catalogue/testing/catalogue-seed.js';
import { downloadFile, lastChangeOf, noticesOf } from '../../takedown/testing/takedown-world.js';
import { auditOf } from '../testing/admin-helpers.js';

type Session = Awaited<ReturnType<typeof signInAs>>;

describeEachDatabase('bulk changes', (dialect) => {
  let t: TestApp;
  let admin: Session;
  let otherAdmin: Session;
  let partner: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, otherAdmin, partner] = await Promise.all([
      signInAs(t, 'super'),
      signInAs(t, 'super'),
      signInAs(t, 'registered'),
    ]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 658, de: 'Schweiz' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
      { id: 20, parentId: 1, rootId: 1, de: 'Tee' },
      { id: 30, parentId: 658, rootId: 658, de: 'Kaffee CH' },
    ]);
  });
  afterAll(() => t.close());

  const seed = (name: string, extra: Parameters<typeof imageAsset>[3] = {}) =>
    seedAsset(t, imageAsset(10, 1, name, extra));
  const start = (body: unknown, session: Session = admin) =>
    call(t.app, 'POST', '/api/admin/bulk', { token: session.token, body });
  const progress = async (id: number) => {
    const answer = await call(t.app, 'GET', `/api/admin/bulk/${id}`, { token: admin.token });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<BulkChangeAnswer>().bulkChange;
  };
  const undo = (id: number, session: Session = admin) =>
    call(t.app, 'POST', `/api/admin/bulk/${id}/undo`, { token: session.token });
  /** Starts a change, runs its job and answers its progress at the end. */
  const run = async (assets: SeededAsset[], change: unknown, session: Session = admin) => {
    const started = await start({ assetIds: assets.map((asset) => asset.id), change }, session);
    expect(started.statusCode, started.body).toBe(201);
    const { bulkChange } = started.json<BulkChangeAnswer>();
    expect(bulkChange).toMatchObject({ state: 'running', done: 0, total: new Set(assets).size });
    await t.runJobs();
    return progress(bulkChange.id);
  };
  const undoAndRun = async (id: number) => {
    const answer = await undo(id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<BulkChangeAnswer>().bulkChange.state).toBe('undoing');
    await t.runJobs();
    return progress(id);
  };
  const row = (id: number) =>
    t.context.database.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const bulkAudit = async (assetId: number): Promise<AuditEntry[]> =>
    (await auditOf(t, admin.token, { type: 'asset', id: assetId })).filter((entry) =>
      entry.action.startsWith('bulk.'),
    );
  const searchIds = async (body: Record<string, unknown>) =>
    (await call(t.app, 'POST', '/api/search/', { token: partner.token, body }))
      .json<SearchAnswer>()
      .results.map((found) => found.id)
      .sort((a, b) => a - b);

  describe('moving', () => {
    let moved: SeededAsset[];
    let already: SeededAsset;
    let done: BulkChangeProgress;

    beforeAll(async () => {
      moved = [await seed('Gruentee Sencha'), await seed('Gruentee Matcha')];
      already = await seedAsset(t, imageAsset(20, 1, 'Gruentee Bancha'));
      await t.context.search.rebuild();
      done = await run([...moved, already], { kind: 'move', containerId: 20 });
    });

    it('moves each asset once, skips the one already there, and ends undoable for 10 minutes', async () => {
      expect(done).toMatchObject({
        kind: 'move',
        state: 'done',
        total: 3,
        done: 3,
        changed: 2,
        undone: 0,
        skipped: [{ reason: 'unchanged', count: 1, assetIds: [already.id] }],
      });
      expect(Date.parse(done.undoableUntil!)).toBe(Date.parse(done.finishedAt!) + BULK_UNDO_WINDOW_MS);
      for (const asset of moved) expect((await row(asset.id)).container_id).toBe(20);
    });

    it('writes one audit row per changed asset, naming the bulk change, and none for skipped ones', async () => {
      for (const asset of moved) {
        const entries = await bulkAudit(asset.id);
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          action: 'bulk.change',
          actor: { userId: admin.row.id },
          before: { container_id: 10 },
          after: { container_id: 20, bulkChange: done.id, kind: 'move' },
        });
      }
      expect(await bulkAudit(already.id)).toEqual([]);
    });

    it('is reflected by the search: the moved assets are found in their new category', async () => {
      expect(await searchIds({ query: 'Gruentee', categories: [20] })).toEqual(
        [...moved, already].map((asset) => asset.id).sort((a, b) => a - b),
      );
      expect(await searchIds({ query: 'Gruentee', categories: [10] })).toEqual([]);
    });

    it('moves into another country root, and the undo puts everything back', async () => {
      const swiss = await run(moved, { kind: 'move', containerId: 30 });
      expect(swiss.changed).toBe(2);
      expect(await row(moved[0]!.id)).toMatchObject({ container_id: 30, root_id: 658 });
      expect(await searchIds({ query: 'Gruentee', rootId: 658 })).toEqual(
        moved.map((asset) => asset.id).sort((a, b) => a - b),
      );

      const undone = await undoAndRun(swiss.id);
      expect(undone).toMatchObject({ state: 'undone', changed: 2, undone: 2, undoableUntil: null });
      for (const asset of moved) expect(await row(asset.id)).toMatchObject({ container_id: 20, root_id: 1 });
      expect(await searchIds({ query: 'Gruentee', rootId: 658 })).toEqual([]);
      const entries = await bulkAudit(moved[0]!.id);
      expect(entries[0]).toMatchObject({
        action: 'bulk.undo',
        before: { container_id: 30, root_id: 658 },
        after: { container_id: 20, root_id: 1, bulkChange: swiss.id },
      });
      // Undone once is all: a second undo is refused.
      expectError(await undo(swiss.id), 409, ErrorCodes.bulkUndoNotPossible);
    });
  });

  describe('keywords and custom fields', () => {
    it('adds and removes keywords, without duplicates and without case', async () => {
      const assets = [
        await seed('Kandis A', { keywords: 'zucker Braun' }),
        await seed('Kandis B', { keywords: '' }),
      ];
      await t.context.search.rebuild();
      const added = await run(assets, { kind: 'addKeywords', keywords: ['braun', 'kandiszucker'] });
      expect(added.changed).toBe(2);
      expect((await row(assets[0]!.id)).keywords).toBe('zucker Braun kandiszucker');
      expect((await row(assets[1]!.id)).keywords).toBe('braun kandiszucker');
      expect(await searchIds({ query: 'kandiszucker' })).toEqual(
        assets.map((a) => a.id).sort((a, b) => a - b),
      );

      const removed = await run(assets, { kind: 'removeKeywords', keywords: ['BRAUN', 'fehlt'] });
      expect(removed.changed).toBe(2);
      expect((await row(assets[0]!.id)).keywords).toBe('zucker kandiszucker');
      expect((await row(assets[1]!.id)).keywords).toBe('kandiszucker');

      const undone = await undoAndRun(removed.id);
      expect(undone.undone).toBe(2);
      expect((await row(assets[0]!.id)).keywords).toBe('zucker Braun kandiszucker');
    });

    it('undoes nothing over an edit made since: that asset keeps it, and the answer counts it', async () => {
      const assets = [
        await seed('Zimt A', { keywords: 'gewuerz' }),
        await seed('Zimt B', { keywords: 'gewuerz' }),
      ];
      const added = await run(assets, { kind: 'addKeywords', keywords: ['ceylon'] });
      expect(added.changed).toBe(2);
      // A colleague edits one of them in the meantime.
      const edited = await call(t.app, 'PATCH', `/api/admin/catalogue/assets/${assets[1]!.id}`, {
        token: admin.token,
        body: { keywords: 'gewuerz ceylon rinde' },
      });
      expect(edited.statusCode, edited.body).toBe(200);

      const undone = await undoAndRun(added.id);
      expect(undone).toMatchObject({ state: 'undone', undone: 2, keptLaterEdits: 1 });
      expect((await row(assets[0]!.id)).keywords).toBe('gewuerz');
      expect((await row(assets[1]!.id)).keywords).toBe('gewuerz ceylon rinde');
      expect((await bulkAudit(assets[0]!.id)).map((entry) => entry.action)).toEqual([
        'bulk.undo',
        'bulk.change',
      ]);
      expect((await bulkAudit(assets[1]!.id)).map((entry) => entry.action)).toEqual(['bulk.change']);
    });

    it('sets custom fields but never the GTIN, and the undo restores the previous values', async () => {
      const assets = [
        await seed('Sirup A', { gtin: '04006067084218', imageCategory: 1, version: 2 }),
        await seed('Sirup B', { linkedSearchable: 'Serie X' }),
      ];
      const set = await run(assets, { kind: 'setFields', fields: { 101: 'Serie Y', 103: '3', 104: '' } });
      expect(set.changed).toBe(2);
      expect(await row(assets[0]!.id)).toMatchObject({
        gtin: '04006067084218',
        linked_searchable: 'Serie Y',
        image_category: 1,
        version: 3,
      });
      expect(await row(assets[1]!.id)).toMatchObject({
        gtin: null,
        linked_searchable: 'Serie Y',
        version: 3,
      });

      await undoAndRun(set.id);
      expect(await row(assets[0]!.id)).toMatchObject({
        linked_searchable: null,
        version: 2,
        image_category: 1,
      });
      expect(await row(assets[1]!.id)).toMatchObject({ linked_searchable: 'Serie X', version: null });

      const gtin = await start({
        assetIds: [assets[0]!.id],
        change: { kind: 'setFields', fields: { 100: '1' } },
      });
      expect(gtin.statusCode, gtin.body).toBe(400);
      const badValue = await start({
        assetIds: [assets[0]!.id],
        change: { kind: 'setFields', fields: { 103: '0' } },
      });
      expectError(badValue, 400, ErrorCodes.validation);
    });
  });

  describe('withdrawing and restoring', () => {
    it('tells downloaders exactly as a single withdrawal, hides the assets, and restores them', async () => {
      const bulkOne = await seed('Espresso Bulk', { gtin: '04006067084218' });
      const singleOne = await seed('Espresso Einzeln');
      await t.context.search.rebuild();
      await downloadFile(t, partner, bulkOne);
      await downloadFile(t, partner, singleOne);

      const single = await call(t.app, 'POST', `/api/admin/catalogue/assets/${singleOne.id}/withdraw`, {
        token: admin.token,
      });
      expect(single.statusCode, single.body).toBe(200);
      const withdrawn = await run([bulkOne], { kind: 'withdraw' });
      expect(withdrawn.changed).toBe(1);

      const [bulkNotices, singleNotices] = await Promise.all([
        lastChangeOf(t, bulkOne.id).then((change) => noticesOf(t, change.id)),
        lastChangeOf(t, singleOne.id).then((change) => noticesOf(t, change.id)),
      ]);
      expect(bulkNotices.map((notice) => [notice.recipient, notice.user_id, notice.lang])).toEqual(
        singleNotices.map((notice) => [notice.recipient, notice.user_id, notice.lang]),
      );
      expect(bulkNotices).toHaveLength(1);
      expect((await lastChangeOf(t, bulkOne.id)).kind).toBe('withdrawn');
      expect(await searchIds({ query: 'Espresso' })).toEqual([]);
      expect(
        (await call(t.app, 'GET', `/api/asset/${bulkOne.id}`, { token: partner.token })).statusCode,
      ).toBe(404);

      // Withdrawing again changes nothing; restoring both brings them back.
      expect((await run([bulkOne], { kind: 'withdraw' })).skipped).toEqual([
        { reason: 'unchanged', count: 1, assetIds: [bulkOne.id] },
      ]);
      const restored = await run([bulkOne, singleOne], { kind: 'restore' });
      expect(restored.changed).toBe(2);
      expect(await searchIds({ query: 'Espresso' })).toEqual(
        [bulkOne.id, singleOne.id].sort((a, b) => a - b),
      );

      // Undoing the restore withdraws them again, with their old dates.
      const before = await row(singleOne.id);
      expect(before.withdrawn_at).toBeNull();
      await undoAndRun(restored.id);
      expect((await row(singleOne.id)).withdrawn_at).not.toBeNull();
      expect(await searchIds({ query: 'Espresso' })).toEqual([]);
    });
  });

  describe('batches', () => {
    it('applies each batch all or nothing, and a job run again continues without applying twice', async () => {
      const count = BULK_BATCH_SIZE + 20;
      const assets: SeededAsset[] = [];
      for (let i = 0; i < count; i++)
        assets.push(await seedAsset(t, { ...imageAsset(10, 1, `Tasse ${i}`), files: [] }));
      const poisoned = assets[BULK_BATCH_SIZE + 10]!.id;
      await failUpdatesOf(poisoned);

      const started = await start({
        assetIds: assets.map((asset) => asset.id),
        change: { kind: 'addKeywords', keywords: ['porzellan'] },
      });
      expect(started.statusCode, started.body).toBe(201);
      const id = started.json<BulkChangeAnswer>().bulkChange.id;
      await t.runJobs();

      // The first batch committed; nothing of the second did (no asset, no audit row, no progress).
      expect(await progress(id)).toMatchObject({
        state: 'running',
        done: BULK_BATCH_SIZE,
        changed: BULK_BATCH_SIZE,
      });
      expect((await row(assets[0]!.id)).keywords).toBe('porzellan');
      expect((await row(assets[BULK_BATCH_SIZE]!.id)).keywords).toBe('');
      expect(await bulkAudit(assets[BULK_BATCH_SIZE]!.id)).toEqual([]);

      await allowUpdates();
      t.clock.advance(60_000);
      await t.runJobs();
      const done = await progress(id);
      expect(done).toMatchObject({ state: 'done', done: count, changed: count });
      const auditRows = await t.context.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('action', '=', 'bulk.change')
        .where('after', 'like', `%"bulkChange":${id},%`)
        .executeTakeFirstOrThrow();
      expect(Number(auditRows.n)).toBe(count);
      expect((await row(assets[0]!.id)).keywords).toBe('porzellan');
    });
  });

  describe('undo', () => {
    it('is refused after 10 minutes, allowed up to then', async () => {
      const asset = await seed('Becher');
      const first = await run([asset], { kind: 'addKeywords', keywords: ['keramik'] });
      t.clock.advance(BULK_UNDO_WINDOW_MS + 1);
      expectError(await undo(first.id), 409, ErrorCodes.bulkUndoExpired);
      expect((await progress(first.id)).undoableUntil).toBeNull();

      const second = await run([asset], { kind: 'addKeywords', keywords: ['steingut'] });
      t.clock.advance(BULK_UNDO_WINDOW_MS);
      expect((await undo(second.id)).statusCode).toBe(200);
      await t.runJobs();
      expect((await row(asset.id)).keywords).toBe('keramik');
    });

    it("is only for the user's own last bulk change", async () => {
      const asset = await seed('Kanne');
      const older = await run([asset], { kind: 'addKeywords', keywords: ['glas'] });
      const newer = await run([asset], { kind: 'addKeywords', keywords: ['metall'] });
      expectError(await undo(older.id), 409, ErrorCodes.bulkUndoNotLast);
      expectError(await undo(newer.id, otherAdmin), 409, ErrorCodes.bulkUndoNotLast);
      const seenByOther = await call(t.app, 'GET', `/api/admin/bulk/${newer.id}`, {
        token: otherAdmin.token,
      });
      expect(seenByOther.json<BulkChangeAnswer>().bulkChange).toMatchObject({
        state: 'done',
        undoableUntil: null,
      });
      expect((await progress(older.id)).undoableUntil).toBeNull();
      expect((await progress(newer.id)).undoableUntil).not.toBeNull();
      // Another super user's later change does not take this one's place.
      await run([asset], { kind: 'addKeywords', keywords: ['holz'] }, otherAdmin);
      expect((await undo(newer.id)).statusCode).toBe(200);
      await t.runJobs();
      // The undo is allowed, but it never overwrites what came after it: the colleague's keyword stays.
      expect((await row(asset.id)).keywords).toBe('glas metall holz');
      expect(await progress(newer.id)).toMatchObject({ state: 'undone', keptLaterEdits: 1 });
      expectError(await undo(999_999), 404, ErrorCodes.bulkChangeNotFound);
    });

    it('is refused while the change still runs', async () => {
      const asset = await seed('Dose');
      const started = await start({ assetIds: [asset.id], change: { kind: 'withdraw' } });
      expectError(
        await undo(started.json<BulkChangeAnswer>().bulkChange.id),
        409,
        ErrorCodes.bulkUndoNotPossible,
      );
      await t.runJobs();
    });
  });

  describe('refusals', () => {
    it('refuses unknown assets or categories, and bad changes, without writing anything', async () => {
      const asset = await seed('Teller');
      const before = await databaseFingerprint(t);
      expectError(
        await start({ assetIds: [asset.id, 999_999], change: { kind: 'withdraw' } }),
        400,
        ErrorCodes.bulkUnknownAssets,
      );
      expectError(
        await start({ assetIds: [asset.id], change: { kind: 'move', containerId: 999_999 } }),
        404,
        ErrorCodes.catalogueNodeNotFound,
      );
      for (const body of [
        { assetIds: [], change: { kind: 'withdraw' } },
        { assetIds: [asset.id], change: { kind: 'delete' } },
        { assetIds: [asset.id], change: { kind: 'addKeywords', keywords: ['zwei worte'] } },
        { assetIds: [asset.id], change: { kind: 'addKeywords', keywords: [] } },
        { assetIds: [asset.id], change: { kind: 'setFields', fields: {} } },
        { assetIds: [asset.id], change: { kind: 'withdraw', extra: 1 } },
        { assetIds: ['1'], change: { kind: 'withdraw' } },
      ]) {
        const answer = await start(body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
      const tooMany = Array.from({ length: SELECTION_MAX + 1 }, (_, i) => i + 1);
      expectError(
        await start({ assetIds: tooMany, change: { kind: 'withdraw' } }),
        400,
        ErrorCodes.bulkTooManyAssets,
        'assetIds',
      );
      expect(await databaseFingerprint(t)).toEqual(before);
    });

    it('counts repeated ids once', async () => {
      const asset = await seed('Untersetzer');
      const done = await run([asset, asset, asset], { kind: 'addKeywords', keywords: ['kork'] });
      expect(done).toMatchObject({ total: 1, changed: 1 });
    });

    it('is for super users only', async () => {
      const asset = await seed('Glas');
      const internal = await signInAs(t, 'internal');
      for (const session of [partner, internal]) {
        const refused = await start({ assetIds: [asset.id], change: { kind: 'withdraw' } }, session);
        expect(refused.statusCode).toBe(403);
        expect((await call(t.app, 'GET', '/api/admin/bulk/1', { token: session.token })).statusCode).toBe(
          403,
        );
      }
      expect((await call(t.app, 'POST', '/api/admin/bulk', { body: {} })).statusCode).toBe(401);
      expect((await row(asset.id)).withdrawn_at).toBeNull();
    });
  });

  /** A real refusal by the database for one asset's update, as a failing disk or constraint would be. */
  async function failUpdatesOf(assetId: number): Promise<void> {
    const db = t.context.database.db;
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `CREATE TRIGGER bulk_test_refuse BEFORE UPDATE ON assets WHEN NEW.id = ${assetId} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE FUNCTION bulk_test_refuse() RETURNS trigger AS $$ BEGIN IF NEW.id = ${assetId} THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
        )
        .execute(db);
      await sql
        .raw(
          'CREATE TRIGGER bulk_test_refuse BEFORE UPDATE ON assets FOR EACH ROW EXECUTE FUNCTION bulk_test_refuse()',
        )
        .execute(db);
    }
  }

  async function allowUpdates(): Promise<void> {
    const db = t.context.database.db;
    if (dialect === 'sqlite') await sql.raw('DROP TRIGGER bulk_test_refuse').execute(db);
    else {
      await sql.raw('DROP TRIGGER bulk_test_refuse ON assets').execute(db);
      await sql.raw('DROP FUNCTION bulk_test_refuse()').execute(db);
    }
  }
});
