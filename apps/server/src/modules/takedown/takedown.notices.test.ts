import fs from 'node:fs/promises';
import { CATALOGUE_UPLOAD_FIELD, type AdminAssetAnswer, type UploadAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/media-fixtures.js';
import { multipartBody } from '../../test/multipart.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes, type SeededAsset } from '../catalogue/testing/catalogue-seed.js';
import {
  ageDownloadHistory,
  decideTracking,
  downloadBundle,
  downloadFile,
  lastChangeOf,
  linkWithEvents,
  noticesOf,
  type Session,
} from './testing/takedown-world.js';

describeEachDatabase('takedown notices', (dialect) => {
  let t: TestApp;
  let admin: Session;
  let requester: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, requester] = await Promise.all([signInAs(t, 'super'), signInAs(t, 'registered')]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
  });
  afterAll(() => t.close());

  const confirmRemoval = async (asset: SeededAsset) => {
    const asked = await call(t.app, 'DELETE', `/api/asset/${asset.id}`, {
      token: requester.token,
      body: { assetId: asset.id, reason: 'Packaging discontinued' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const confirmed = await call(t.app, 'POST', `/api/admin/removal-requests/${asset.id}/confirm`, {
      token: admin.token,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json<{ success: true; told: number }>();
  };

  describe('a removal confirmed', () => {
    let doomed: SeededAsset;
    let other: SeededAsset;
    let fileUser: Session;
    let bundleUser: Session;
    let consenting: Session;
    let oldUser: Session;
    let otherAssetUser: Session;
    let gone: Session;
    let answer: { success: true; told: number };

    beforeAll(async () => {
      doomed = await seedAsset(t, imageAsset(10, 1, 'Mokka Klassik', { gtin: '04006067084218' }));
      other = await seedAsset(t, imageAsset(10, 1, 'Espresso'));
      [fileUser, bundleUser, consenting, oldUser, otherAssetUser, gone] = await Promise.all([
        signInAs(t, 'registered', { lang: 'en' }),
        signInAs(t, 'registered', { lang: 'fr' }),
        signInAs(t, 'registered'),
        signInAs(t, 'registered'),
        signInAs(t, 'registered'),
        signInAs(t, 'registered'),
      ]);
      // A single file through its ticket, tracking declined: their download event is anonymous,
      // their download history is not.
      await decideTracking(t, fileUser, false);
      await downloadFile(t, fileUser, doomed);
      // The zip of a bundle from the user's cart, tracking undecided.
      const bundleId = await downloadBundle(t, bundleUser, [other, doomed]);
      // With consent: told as well, once.
      await decideTracking(t, consenting, true);
      await downloadFile(t, consenting, doomed);
      // 13 months ago: outside the window.
      await downloadFile(t, oldUser, doomed);
      await ageDownloadHistory(t, oldUser.row.id, 395);
      await downloadFile(t, otherAssetUser, other);
      // Downloaded, then deactivated: nobody to write to.
      await downloadFile(t, gone, doomed);
      await t.context.database.db
        .updateTable('users')
        .set({ deactivated_at: t.clock.now() })
        .where('id', '=', gone.row.id)
        .execute();
      // Link recipients of that bundle: one took the file, one the zip, one only looked, one long ago.
      await linkWithEvents(t, bundleId, { email: 'Datei@Kunde.example', lang: 'fr' }, [
        { kind: 'opened' },
        { kind: 'file', assetId: doomed.id },
      ]);
      await linkWithEvents(t, bundleId, { email: 'zip@kunde.example', lang: 'de' }, [{ kind: 'zip' }]);
      await linkWithEvents(t, bundleId, { email: 'nur-geschaut@kunde.example', lang: 'de' }, [
        { kind: 'opened' },
        { kind: 'file', assetId: other.id },
      ]);
      await linkWithEvents(t, bundleId, { email: 'frueher@kunde.example', lang: 'de' }, [
        { kind: 'zip', daysAgo: 400 },
      ]);
      // The user of the single file also got a link (address spelled otherwise) and took the zip.
      await linkWithEvents(t, bundleId, { email: fileUser.email.toUpperCase(), lang: 'de' }, [
        { kind: 'zip' },
      ]);

      answer = await confirmRemoval(doomed);
    });

    it('tells everyone who downloaded it in the last 12 months, once per address, in their language', async () => {
      const change = await lastChangeOf(t, doomed.id);
      expect(change).toMatchObject({ kind: 'withdrawn', media_type: null, actor_id: admin.row.id });
      // 2026-11-22 09:00 UTC is 10:00 in Berlin.
      expect(await noticesOf(t, change.id)).toEqual(
        [
          { recipient: 'datei@kunde.example', user_id: null, lang: 'fr' },
          { recipient: 'zip@kunde.example', user_id: null, lang: 'de' },
          { recipient: bundleUser.email.toLowerCase(), user_id: bundleUser.row.id, lang: 'fr' },
          { recipient: fileUser.email.toLowerCase(), user_id: fileUser.row.id, lang: 'en' },
          { recipient: consenting.email.toLowerCase(), user_id: consenting.row.id, lang: 'de' },
        ]
          .map((notice) => ({ ...notice, day: '2026-11-22', mailed_at: null }))
          .sort((a, b) => a.recipient.localeCompare(b.recipient)),
      );
      expect(answer).toEqual({ success: true, told: 5 });
      expect(change.told).toBe(5);
    });

    it('adds nothing when the same change is told again (a retried step)', async () => {
      const change = await lastChangeOf(t, doomed.id);
      const told = await t.context.database.db
        .transaction()
        .execute((trx) =>
          t.context.takedowns.tellDownloaders(trx, { id: change.id, assetId: doomed.id, at: change.at }),
        );
      expect(told).toBe(5);
      expect(await noticesOf(t, change.id)).toHaveLength(5);
    });

    it('shows the change with its count on the asset in the catalogue admin', async () => {
      const response = await call(t.app, 'GET', `/api/admin/catalogue/assets/${doomed.id}`, {
        token: admin.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { changes } = response.json<AdminAssetAnswer>().asset;
      expect(changes).toEqual([
        expect.objectContaining({
          assetId: doomed.id,
          kind: 'withdrawn',
          mediaType: null,
          told: 5,
          mailed: 0,
        }),
      ]);
    });
  });

  describe('the catalogue admin', () => {
    it('tells downloaders of a withdrawal, not of a restore, and shows both withdrawals newest first', async () => {
      const asset = await seedAsset(t, imageAsset(10, 1, 'Crema'));
      const user = await signInAs(t, 'registered');
      await downloadFile(t, user, asset);
      const act = async (what: 'withdraw' | 'restore') => {
        const response = await call(t.app, 'POST', `/api/admin/catalogue/assets/${asset.id}/${what}`, {
          token: admin.token,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<AdminAssetAnswer>().asset;
      };
      expect((await act('withdraw')).changes).toEqual([
        expect.objectContaining({ kind: 'withdrawn', told: 1 }),
      ]);
      expect((await act('restore')).changes).toHaveLength(1);
      t.clock.advance(60_000);
      const again = await act('withdraw');
      expect(again.changes.map((change) => [change.kind, change.told])).toEqual([
        ['withdrawn', 1],
        ['withdrawn', 1],
      ]);
      expect(again.changes[0]!.id).toBeGreaterThan(again.changes[1]!.id);
      // Withdrawing a withdrawn asset changes nothing, so it tells nobody again.
      expect((await act('withdraw')).changes).toHaveLength(2);
    });
  });

  describe('the import', () => {
    it('tells downloaders when an upload makes a new version of a file, not when it makes the first', async () => {
      const upload = async (fixtureName: string) => {
        const { body, contentType } = multipartBody({}, [
          {
            field: CATALOGUE_UPLOAD_FIELD,
            filename: '04006067084218_C1C1.jpg',
            content: await fs.readFile(fixture(fixtureName)),
          },
        ]);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/admin/catalogue/nodes/10/assets',
          headers: { 'content-type': contentType, authorization: `Bearer ${admin.token}` },
          payload: body,
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<UploadAnswer>().assets[0]!.assetId;
      };
      const assetId = await upload('gs1/04006067084218_C1C1.jpg');
      const changes = () =>
        t.context.database.db
          .selectFrom('asset_changes')
          .selectAll()
          .where('asset_id', '=', assetId)
          .execute();
      expect(await changes()).toEqual([]);
      const user = await signInAs(t, 'registered');
      await downloadFile(t, user, { id: assetId, fileIds: [], blobs: [] });
      // The same GS1 name with other bytes: the next version of its 1100 file.
      expect(await upload('gs1/04006067084218_C2C1.jpg')).toBe(assetId);
      expect(await changes()).toEqual([
        expect.objectContaining({ kind: 'replaced', media_type: 1100, actor_id: admin.row.id, told: 1 }),
      ]);
    });
  });
});
