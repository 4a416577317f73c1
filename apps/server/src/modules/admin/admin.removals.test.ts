import {
  ErrorCodes,
  type AssetAnswer,
  type DownloadsAnswer,
  type RemovalRequestsAnswer,
  type SearchAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes, type SeededAsset } from '../catalogue/testing/catalogue-seed.js';
import { auditOf } from './testing/admin-helpers.js';

const GTIN = '04006067084218';

describeEachDatabase('admin removal requests', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let partner: Awaited<ReturnType<typeof signInAs>>;
  let doomed: SeededAsset;
  let keeper: SeededAsset;
  let other: SeededAsset;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, partner] = await Promise.all([signInAs(t, 'super'), signInAs(t, 'registered')]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    doomed = await seedAsset(
      t,
      imageAsset(10, 1, 'Mokka Klassik 500 g', { en: 'Mocha classic', gtin: GTIN, imageCategory: 1 }),
    );
    keeper = await seedAsset(t, imageAsset(10, 1, 'Mokka Mild 250 g'));
    other = await seedAsset(t, imageAsset(10, 1, 'Espresso Kräftig'));
    await t.context.search.rebuild();
  });
  afterAll(() => t.close());

  const asPartner = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, { token: partner.token, ...(body !== undefined ? { body } : {}) });
  const requestRemoval = (assetId: number, reason: string) =>
    asPartner('DELETE', `/api/asset/${assetId}`, { assetId, reason });
  const pending = async () => {
    const response = await call(t.app, 'GET', '/api/admin/removal-requests', { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RemovalRequestsAnswer>();
  };
  const decide = (assetId: number, decision: 'confirm' | 'dismiss') =>
    call(t.app, 'POST', `/api/admin/removal-requests/${assetId}/${decision}`, { token: admin.token });
  const searchIds = async (query: string) => {
    const answer = (await asPartner('POST', '/api/search/', { query })).json<SearchAnswer>();
    return { ids: answer.results.map((asset) => asset.id), total: answer.numberTotal };
  };
  /** A bundle of these assets (main format each), made from the partner's cart. */
  const bundleOf = async (assets: SeededAsset[]) => {
    await asPartner('POST', '/api/cart/clear');
    for (const asset of assets)
      expect((await asPartner('PUT', '/api/cart/', { assetId: asset.id })).statusCode).toBe(200);
    const response = await asPartner('GET', '/api/cart/download');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ filename: string }>().filename;
  };

  describe('confirm', () => {
    let tickets: { original: string; thumb: string; preview: string };
    let gs1Link: string;
    let mixed: string;
    let onlyDoomed: string;

    beforeAll(async () => {
      const { data } = (await asPartner('GET', `/api/asset/${doomed.id}`)).json<AssetAnswer>();
      tickets = {
        original: data.originalTicket,
        thumb: data.defaultThumbTicket!,
        preview: data.largePreview!,
      };
      gs1Link = data.gs1Link!;
      mixed = await bundleOf([doomed, keeper]);
      onlyDoomed = await bundleOf([doomed]);
      t.clock.advance(60_000);
      expect((await requestRemoval(doomed.id, 'Verpackung geändert')).statusCode).toBe(200);
    });

    it('lists the request with the asset, who asked, why, when, and a thumbnail ticket', async () => {
      const { requests, total } = await pending();
      expect(total).toBe(1);
      expect(requests).toEqual([
        {
          assetId: doomed.id,
          name: { de: 'Mokka Klassik 500 g', en: 'Mocha classic' },
          rootId: 1,
          thumbTicket: expect.stringMatching(
            new RegExp(`^/api/file/${doomed.fileIds[0]}/thumb\\?exp=\\d+&sig=`),
          ),
          requestedAt: new Date(t.clock.now()).toISOString(),
          reason: 'Verpackung geändert',
          requestedBy: {
            userId: partner.row.id,
            email: partner.email,
            firstname: 'Test',
            lastname: 'registered',
            company: 'Partner GmbH',
          },
        },
      ]);
      expect((await call(t.app, 'GET', requests[0]!.thumbTicket!)).statusCode).toBe(200);
    });

    it('before: the asset is everywhere', async () => {
      expect((await searchIds('mokka')).ids).toContain(doomed.id);
      expect((await call(t.app, 'GET', tickets.original)).statusCode).toBe(200);
      expect((await call(t.app, 'GET', gs1Link)).statusCode).toBe(302);
      expect((await call(t.app, 'GET', `/api/download/${onlyDoomed}`)).statusCode).toBe(200);
    });

    it('withdraws the asset: gone from search, asset page, file tickets, GS1 links and earlier bundles', async () => {
      const before = await call(t.app, 'HEAD', `/api/download/${mixed}`);
      // The asset has a GTIN: its zip entry is named GS1-style.
      expect(
        (await call(t.app, 'GET', `/api/download/${mixed}`)).rawPayload.includes(Buffer.from(GTIN)),
      ).toBe(true);
      const response = await decide(doomed.id, 'confirm');
      expect(response.statusCode, response.body).toBe(200);
      // The partner downloaded bundles of it from their cart: one person to tell (issue 20.3).
      expect(response.json()).toEqual({ success: true, told: 1 });

      // The index itself dropped it (not only the answer): the count is right at once.
      const search = await searchIds('mokka');
      expect(search).toEqual({ ids: [keeper.id], total: 1 });
      const indexed = await t.context.database.db
        .selectFrom('search_documents')
        .select('asset_id')
        .where('asset_id', '=', doomed.id)
        .execute();
      expect(indexed).toEqual([]);

      expectError(await asPartner('GET', `/api/asset/${doomed.id}`), 404, ErrorCodes.assetNotFound);
      for (const ticket of Object.values(tickets)) {
        expectError(await call(t.app, 'GET', ticket), 404, ErrorCodes.notFound);
      }
      expect((await call(t.app, 'GET', gs1Link)).statusCode).toBe(404);
      expectError(
        await asPartner('PUT', '/api/cart/', { assetId: doomed.id }),
        404,
        ErrorCodes.assetNotFound,
      );

      // A bundle made before: its zip and the downloads list skip the asset; the zip is a new layout.
      const after = await call(t.app, 'HEAD', `/api/download/${mixed}`);
      expect(after.statusCode).toBe(200);
      expect(Number(after.headers['content-length'])).toBeLessThan(Number(before.headers['content-length']));
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const zip = (await call(t.app, 'GET', `/api/download/${mixed}`)).rawPayload;
      expect(zip.includes(Buffer.from(GTIN))).toBe(false);
      expect(zip.includes(Buffer.from('Mokka Mild'))).toBe(true);
      const downloads = (await asPartner('GET', '/api/downloads/')).json<DownloadsAnswer>().downloads;
      const listed = downloads.find((download) => download.filename === mixed)!;
      expect(listed.items.map((item) => item.id)).toEqual([keeper.id]);
      expect(listed.filesize).toBe(
        (
          await t.context.database.db
            .selectFrom('blobs')
            .select('size')
            .where('sha256', '=', keeper.blobs[0]!)
            .executeTakeFirstOrThrow()
        ).size,
      );
      // A bundle of nothing but withdrawn assets is gone.
      expectError(await call(t.app, 'GET', `/api/download/${onlyDoomed}`), 410, ErrorCodes.bundleExpired);

      expect((await pending()).requests).toEqual([]);
      // The queued index job finds nothing left to do.
      await t.runJobs();
      expect((await searchIds('mokka')).ids).toEqual([keeper.id]);
    });

    it('writes the audit row with who asked and why, and refuses to decide twice', async () => {
      const [entry] = await auditOf(t, admin.token, { type: 'asset', id: doomed.id });
      expect(entry).toMatchObject({
        action: 'removal.confirm',
        actor: { userId: admin.row.id, email: admin.email },
        before: {
          removalRequestedBy: partner.row.id,
          removalReason: 'Verpackung geändert',
          withdrawnAt: null,
        },
        after: { withdrawnAt: new Date(t.clock.now()).toISOString() },
      });
      expectError(await decide(doomed.id, 'confirm'), 409, ErrorCodes.adminNoRemovalRequest);
      expectError(await decide(doomed.id, 'dismiss'), 409, ErrorCodes.adminNoRemovalRequest);
    });
  });

  describe('dismiss', () => {
    it('clears the request: the asset stays and may be asked about again', async () => {
      expect((await requestRemoval(other.id, 'Falsches Logo')).statusCode).toBe(200);
      expect((await pending()).requests.map((request) => request.assetId)).toEqual([other.id]);

      const response = await decide(other.id, 'dismiss');
      expect(response.statusCode, response.body).toBe(200);
      expect((await pending()).requests).toEqual([]);
      const { data } = (await asPartner('GET', `/api/asset/${other.id}`)).json<AssetAnswer>();
      expect(data.removalRequested).toBe(false);
      expect((await searchIds('espresso')).ids).toEqual([other.id]);

      const [entry] = await auditOf(t, admin.token, { type: 'asset', id: other.id });
      expect(entry).toMatchObject({
        action: 'removal.dismiss',
        before: { removalRequestedBy: partner.row.id, removalReason: 'Falsches Logo' },
        after: { removalRequestedAt: null, removalRequestedBy: null, removalReason: null },
      });

      expectError(await decide(other.id, 'dismiss'), 409, ErrorCodes.adminNoRemovalRequest);
      expect((await requestRemoval(other.id, 'Doch falsch')).statusCode).toBe(200);
      expect((await pending()).requests[0]).toMatchObject({ assetId: other.id, reason: 'Doch falsch' });
      expect((await decide(other.id, 'dismiss')).statusCode).toBe(200);
    });

    it('answers 404 for unknown assets and 409 for assets nobody asked about', async () => {
      expectError(await decide(999_999, 'confirm'), 404, ErrorCodes.assetNotFound);
      expectError(await decide(999_999, 'dismiss'), 404, ErrorCodes.assetNotFound);
      expectError(await decide(keeper.id, 'confirm'), 409, ErrorCodes.adminNoRemovalRequest);
      expect((await asPartner('GET', `/api/asset/${keeper.id}`)).statusCode).toBe(200);
    });
  });
});
