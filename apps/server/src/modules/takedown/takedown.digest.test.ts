import fs from 'node:fs/promises';
import {
  CATALOGUE_UPLOAD_FIELD,
  ErrorCodes,
  type AdminAssetAnswer,
  type AdminTakedownsAnswer,
  type AuditAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesOf } from '../../test/mails.js';
import { fixture } from '../../test/media-fixtures.js';
import { multipartBody } from '../../test/multipart.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes, type SeededAsset } from '../catalogue/testing/catalogue-seed.js';
import { downloadBundle, downloadFile, linkWithEvents, type Session } from './testing/takedown-world.js';
import { insertDownloaders } from './testing/downloaders.js';

const HOUR_MS = 60 * 60 * 1000;
const SUBJECTS = {
  de: 'Mediabox: Dateien, die Sie heruntergeladen haben, wurden geändert',
  en: 'Mediabox: files you downloaded have changed',
  fr: 'Mediabox : des fichiers que vous avez téléchargés ont changé',
};

describeEachDatabase('takedown digest', (dialect) => {
  let t: TestApp;
  let admin: Session;
  let partner: Session;
  let withdrawn: SeededAsset;
  let replaced: SeededAsset;
  let tomorrows: SeededAsset;
  const guest = 'einkauf@kunde.example';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, partner] = await Promise.all([signInAs(t, 'super'), signInAs(t, 'registered', { lang: 'en' })]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    withdrawn = await seedAsset(
      t,
      imageAsset(10, 1, 'Mokka Klassik', { en: 'Mocha classic', gtin: '04006067084218' }),
    );
    replaced = await seedAsset(t, imageAsset(10, 1, 'Espresso Kräftig', { fr: 'Espresso corsé' }));
    tomorrows = await seedAsset(t, imageAsset(10, 1, 'Crema'));
    for (const asset of [withdrawn, replaced, tomorrows]) await downloadFile(t, partner, asset);
    const bundleId = await downloadBundle(t, partner, [withdrawn, replaced]);
    await linkWithEvents(t, bundleId, { email: guest, lang: 'fr' }, [{ kind: 'zip' }]);
  });
  afterAll(() => t.close());

  const takedownMails = async () => {
    await t.runJobs();
    return (await t.mails()).filter((mail) => Object.values(SUBJECTS).includes(mail.subject ?? ''));
  };
  const withdraw = async (asset: SeededAsset) => {
    const response = await call(t.app, 'POST', `/api/admin/catalogue/assets/${asset.id}/withdraw`, {
      token: admin.token,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const replaceFile = async (asset: SeededAsset) => {
    const { body, contentType } = multipartBody({ mediaType: '1100' }, [
      {
        field: CATALOGUE_UPLOAD_FIELD,
        filename: 'new.jpg',
        content: await fs.readFile(fixture('packshot-rgb.jpg')),
      },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/catalogue/assets/${asset.id}/files`,
      headers: { 'content-type': contentType, authorization: `Bearer ${admin.token}` },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminAssetAnswer>().asset;
  };

  describe('two changes on one day', () => {
    beforeAll(async () => {
      await withdraw(withdrawn);
      const asset = await replaceFile(replaced);
      expect(asset.changes).toEqual([
        expect.objectContaining({ kind: 'replaced', mediaType: 1100, told: 2 }),
      ]);
    });

    it('waits while the day lasts in Berlin', async () => {
      // 2026-11-22 22:30 UTC is 23:30 in Berlin.
      t.clock.advance(13.5 * HOUR_MS);
      expect(await t.context.takedowns.sendPending({ includeToday: false })).toBe(0);
      expect(await takedownMails()).toEqual([]);
    });

    it('mails each person once after the day ends, naming both changes in their language', async () => {
      t.clock.advance(HOUR_MS); // 00:30 in Berlin: the 22nd has ended.
      // A change of the new day waits for its own night.
      await withdraw(tomorrows);
      await t.context.jobs.ensureRecurring();
      const mails = await takedownMails();
      expect(mails.map((mail) => [addressesOf(mail.to), mail.subject])).toEqual(
        expect.arrayContaining([
          [[partner.email.toLowerCase()], SUBJECTS.en],
          [[guest], SUBJECTS.fr],
        ]),
      );
      expect(mails).toHaveLength(2);
      const [toPartner, toGuest] = [partner.email.toLowerCase(), guest].map(
        (address) => mails.find((mail) => addressesOf(mail.to).includes(address))!.text ?? '',
      );
      expect(toPartner).toContain(
        'Mocha classic (GTIN 04006067084218) has been withdrawn – please do not use it any more.',
      );
      expect(toPartner).toContain(
        'Espresso Kräftig has a new version of Image (web, JPEG) – please replace your copy.',
      );
      expect(toPartner).toContain(`New version: http://portal.test/asset/${replaced.id}`);
      expect(toPartner).not.toContain('Crema');
      expect(toGuest).toContain('Mokka Klassik (GTIN 04006067084218) a été retiré');
      expect(toGuest).toContain('Espresso corsé a une nouvelle version : Image (web, JPEG)');
      // A link recipient has no account: their link serves the new version, no portal address.
      expect(toGuest).not.toContain('/asset/');
    });

    it('never mails a notice twice, however often the digest runs', async () => {
      expect(await t.context.takedowns.sendPending({ includeToday: false })).toBe(0);
      expect(await takedownMails()).toHaveLength(2);
    });

    it('lists the changes with told and mailed for super users, and sends the rest on request', async () => {
      const overview = async () => {
        const response = await call(t.app, 'GET', '/api/admin/takedowns', { token: admin.token });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<AdminTakedownsAnswer>();
      };
      const before = await overview();
      expect(before.pendingPeople).toBe(1);
      expect(
        before.changes.map((change) => [change.assetName.de, change.kind, change.told, change.mailed]),
      ).toEqual([
        ['Crema', 'withdrawn', 1, 0],
        ['Espresso Kräftig', 'replaced', 2, 2],
        ['Mokka Klassik', 'withdrawn', 2, 2],
      ]);
      expect(before.changes[2]!.assetName).toEqual({ de: 'Mokka Klassik', en: 'Mocha classic' });

      for (const [method, url] of [
        ['POST', '/api/admin/takedowns/send'],
        ['GET', '/api/admin/takedowns'],
      ] as const) {
        expectError(await call(t.app, method, url, { token: partner.token }), 403, ErrorCodes.forbidden);
      }

      const sent = await call(t.app, 'POST', '/api/admin/takedowns/send', { token: admin.token });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ mailed: 1 });
      const after = await overview();
      expect(after.pendingPeople).toBe(0);
      expect(after.changes[0]).toMatchObject({ told: 1, mailed: 1 });
      const mails = await takedownMails();
      expect(mails).toHaveLength(3);
      expect(mails.at(-1)!.text).toContain('Crema has been withdrawn');

      const audit = await call(t.app, 'GET', '/api/admin/audit?action=takedown.send', { token: admin.token });
      expect(audit.json<AuditAnswer>().entries).toEqual([
        expect.objectContaining({
          actor: { userId: admin.row.id, email: admin.email },
          after: { mailed: 1 },
        }),
      ]);
    });
  });

  describe('two digests at once', () => {
    it('queue each mail exactly once', async () => {
      const asset = await seedAsset(t, imageAsset(10, 1, 'Doppio'));
      const db = t.context.database.db;
      // Whatever earlier tests left pending goes first, so the two runs below share only these.
      await t.context.takedowns.sendPending({ includeToday: true });
      const now = t.clock.now();
      const people = 60;
      await insertDownloaders(db, {
        assetId: asset.id,
        from: 0,
        count: people,
        prefix: 'parallel',
        now,
        lang: () => 'de',
        downloadedAt: () => now - HOUR_MS,
      });
      const told = await db
        .transaction()
        .execute((trx) =>
          t.context.takedowns.recordChange(trx, { assetId: asset.id, kind: 'withdrawn', actorId: null }),
        );
      expect(told).toBe(people);
      const jobsBefore = await bulkMailJobs();
      const [first, second] = await Promise.all([
        t.context.takedowns.sendPending({ includeToday: true }),
        t.context.takedowns.sendPending({ includeToday: true }),
      ]);
      expect(first + second).toBe(people);
      expect((await bulkMailJobs()) - jobsBefore).toBe(people);
      const pending = await db
        .selectFrom('takedown_notices')
        .select('id')
        .where('mailed_at', 'is', null)
        .execute();
      expect(pending).toEqual([]);
    });
  });

  const bulkMailJobs = async () =>
    Number(
      (
        await t.context.database.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('name', '=', 'mail.bulk')
          .executeTakeFirstOrThrow()
      ).count,
    );
});
