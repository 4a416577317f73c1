import { createHash } from 'node:crypto';
import { ErrorCodes, type AssetAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { imageAsset, readFixture, seedAsset, seedNodes, type SeededAsset } from './testing/catalogue-seed.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PACKSHOT_SHA256 = 'afdb30372ed89a64de8ae4aaa29d86d0e3eaae8e0a8bc226537fb9e1c1be4f00';
const NASTY_NAME = 'Röstung "Spezial"\r\nX-Injected: 1\\..\\..\\Ünïcødé 名前 (1).jpg';

describeEachDatabase('file delivery by ticket', (dialect) => {
  let t: TestApp;
  let token: string;
  let packshot: Buffer;
  let main: SeededAsset;
  let pending: SeededAsset;
  let nasty: SeededAsset;
  let withdrawn: SeededAsset;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token } = await signInAs(t, 'registered'));
    packshot = await readFixture('packshot-rgb.jpg');
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    main = await seedAsset(t, imageAsset(10, 1, 'Packshot', { bytes: packshot }));
    pending = await seedAsset(t, imageAsset(10, 1, 'Frisch importiert', { renditions: false }));
    nasty = await seedAsset(t, {
      ...imageAsset(10, 1, 'Böser Name'),
      files: [
        { mediaType: 1100, bytes: Buffer.from('nasty bytes'), fileName: NASTY_NAME, mimeType: 'image/jpeg' },
      ],
    });
    withdrawn = await seedAsset(t, imageAsset(10, 1, 'Zurückgezogen', { withdrawn: true }));
  });
  afterAll(() => t.close());

  async function assetOf(seeded: SeededAsset) {
    const response = await call(t.app, 'GET', `/api/asset/${seeded.id}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AssetAnswer>().data;
  }

  describe('originals', () => {
    it('records a single-file download as the viewer’s, once per download, and never for previews', async () => {
      const staff = await signInAs(t, 'internal');
      // Who downloaded is kept only with the user's tracking consent: staff said yes, the partner did not.
      const consent = await call(t.app, 'PUT', '/api/user/consent', {
        token: staff.token,
        body: { tracking: true },
      });
      expect(consent.statusCode, consent.body).toBe(200);
      const ticketOf = async (session: { token: string }) =>
        (await call(t.app, 'GET', `/api/asset/${main.id}`, { token: session.token })).json<AssetAnswer>()
          .data;
      const asStaff = await ticketOf(staff);
      const asPartner = await ticketOf({ token });
      const before = t.clock.now();
      await call(t.app, 'GET', asStaff.originalTicket);
      await call(t.app, 'GET', asStaff.originalTicket, { headers: { range: 'bytes=100-' } });
      await call(t.app, 'HEAD', asStaff.originalTicket);
      await call(t.app, 'GET', asPartner.originalTicket);
      await call(t.app, 'GET', asPartner.largePreview!);
      const events = await t.context.database.db
        .selectFrom('download_events')
        .select(['kind', 'asset_id', 'file_id', 'media_type', 'user_id', 'audience'])
        .where('at', '>=', before)
        .where('kind', '=', 'file')
        .orderBy('id')
        .execute();
      const what = { kind: 'file', asset_id: main.id, file_id: main.fileIds[0], media_type: 1100 };
      expect(events).toEqual([
        { ...what, user_id: staff.row.id, audience: 'internal' },
        { ...what, user_id: null, audience: 'external' },
      ]);
    });

    it('streams the stored bytes unchanged with exact headers, to anyone holding the ticket', async () => {
      const asset = await assetOf(main);
      const response = await call(t.app, 'GET', asset.originalTicket);
      expect(response.statusCode, response.body).toBe(200);
      expect(sha256(response.rawPayload)).toBe(PACKSHOT_SHA256);
      expect(main.blobs[0]).toBe(PACKSHOT_SHA256);
      expect(response.headers['content-length']).toBe(String(packshot.length));
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Packshot.jpg"; filename*=UTF-8''Packshot.jpg`,
      );
      expect(response.headers.etag).toBe(`"${PACKSHOT_SHA256}"`);
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Cacheable for exactly as long as the ticket lives (an hour, rounded up to ten minutes).
      const exp = Number(new URL(asset.originalTicket, 'http://x').searchParams.get('exp'));
      expect(response.headers['cache-control']).toBe(`private, max-age=${exp - t.clock.now() / 1000}`);
      expect(exp - t.clock.now() / 1000).toBeGreaterThanOrEqual(3600);
      expect(exp - t.clock.now() / 1000).toBeLessThanOrEqual(4200);
    });

    it('answers HEAD with the headers only and 304 for a matching If-None-Match', async () => {
      const { originalTicket } = await assetOf(main);
      const head = await t.app.inject({ method: 'HEAD', url: originalTicket });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(packshot.length));
      expect(head.rawPayload.length).toBe(0);
      const headRange = await t.app.inject({
        method: 'HEAD',
        url: originalTicket,
        headers: { range: 'bytes=0-9' },
      });
      expect(headRange.statusCode).toBe(206);
      expect(headRange.headers['content-length']).toBe('10');
      const cached = await call(t.app, 'GET', originalTicket, {
        headers: { 'if-none-match': `"${PACKSHOT_SHA256}"` },
      });
      expect(cached.statusCode).toBe(304);
      expect(cached.rawPayload.length).toBe(0);
    });

    it('names nasty files safely in Content-Disposition', async () => {
      const asset = await assetOf(nasty);
      const response = await call(t.app, 'GET', asset.originalTicket);
      expect(response.statusCode).toBe(200);
      const header = String(response.headers['content-disposition']);
      expect(header).not.toMatch(/[\r\n]/);
      expect(response.headers['x-injected']).toBeUndefined();
      expect(header.startsWith('attachment; filename="')).toBe(true);
      expect(header.match(/"/g)).toHaveLength(2);
      const encoded = /filename\*=UTF-8''(.+)$/.exec(header)![1]!;
      expect(encoded).toMatch(/^[A-Za-z0-9!#$&+.^_`|~%-]+$/);
      expect(decodeURIComponent(encoded)).toBe('Ünïcødé 名前 (1).jpg');
    });
  });

  describe('renditions', () => {
    it('delivers thumbnail and preview inline as JPEG', async () => {
      const asset = await assetOf(main);
      for (const url of [asset.defaultThumbTicket!, asset.largePreview!, asset.files[0]!.thumbTicket!]) {
        const response = await call(t.app, 'GET', url);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('image/jpeg');
        expect(response.headers['content-disposition']).toMatch(
          /^inline; filename="Packshot-(thumb|preview)\.jpg"/,
        );
        expect(response.headers.etag).toBe(`"${sha256(response.rawPayload)}"`);
        expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
        // GS1 links end here and may sit in other sites' <img> tags.
        expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      }
    });

    it('answers previewPending until the rendition exists', async () => {
      const asset = await assetOf(pending);
      const thumb = await call(t.app, 'GET', asset.defaultThumbTicket!);
      expectError(thumb, 404, ErrorCodes.previewPending);
      expect(thumb.headers['cache-control']).toBe('no-store');
      expectError(await call(t.app, 'GET', asset.largePreview!), 404, ErrorCodes.previewPending);
      expect((await call(t.app, 'GET', asset.originalTicket)).statusCode).toBe(200);
    });
  });

  describe('Range requests', () => {
    it('answers a single range with 206 and the exact bytes', async () => {
      const { originalTicket } = await assetOf(main);
      const cases: [string, number, number][] = [
        ['bytes=0-99', 0, 99],
        ['bytes=40000-', 40000, packshot.length - 1],
        ['bytes=-314', packshot.length - 314, packshot.length - 1],
        ['bytes=43000-999999', 43000, packshot.length - 1],
      ];
      for (const [range, start, end] of cases) {
        const response = await call(t.app, 'GET', originalTicket, { headers: { range } });
        expect(response.statusCode, range).toBe(206);
        expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${packshot.length}`);
        expect(response.headers['content-length']).toBe(String(end - start + 1));
        expect(response.rawPayload.equals(packshot.subarray(start, end + 1)), range).toBe(true);
      }
    });

    it('answers 416 for a range beyond the end, and the whole file for several ranges or a stale If-Range', async () => {
      const { originalTicket } = await assetOf(main);
      const beyond = await call(t.app, 'GET', originalTicket, {
        headers: { range: `bytes=${packshot.length}-` },
      });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${packshot.length}`);
      expect(beyond.json()).toMatchObject({ error: { code: ErrorCodes.badRequest } });
      const wholeFileCases: Record<string, string>[] = [
        { range: 'bytes=0-1,5-6' },
        { range: 'bytes=0-9', 'if-range': '"stale"' },
      ];
      for (const headers of wholeFileCases) {
        const whole = await call(t.app, 'GET', originalTicket, { headers });
        expect(whole.statusCode).toBe(200);
        expect(sha256(whole.rawPayload)).toBe(PACKSHOT_SHA256);
      }
    });
  });

  describe('refusals', () => {
    it('refuses tampered, moved and incomplete tickets with 403', async () => {
      const asset = await assetOf(main);
      const url = new URL(asset.originalTicket, 'http://portal.test');
      const sig = url.searchParams.get('sig')!;
      const exp = url.searchParams.get('exp')!;
      const forged = [
        `/api/file/${main.fileIds[0]}/original?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
        `/api/file/${main.fileIds[0]}/original?exp=${Number(exp) + 600}&sig=${sig}`,
        `/api/file/${pending.fileIds[0]}/original?exp=${exp}&sig=${sig}`,
        `/api/file/${main.fileIds[0]}/preview?exp=${exp}&sig=${sig}`,
        `/api/file/${main.fileIds[0]}/original?exp=${exp}`,
        `/api/file/${main.fileIds[0]}/original`,
        `/api/file/${main.fileIds[0]}/original?exp=${exp}&exp=${exp}&sig=${sig}`,
      ];
      for (const forgedUrl of forged) {
        expectError(await call(t.app, 'GET', forgedUrl), 403, ErrorCodes.ticketInvalid);
      }
    });

    it('answers 404 for unknown variants and malformed file ids', async () => {
      const { originalTicket } = await assetOf(main);
      const query = originalTicket.split('?')[1];
      for (const url of [
        `/api/file/${main.fileIds[0]}/secret?${query}`,
        `/api/file/abc/original?${query}`,
        `/api/file/0/original?${query}`,
        `/api/file/..%2F..%2Fetc/original?${query}`,
      ]) {
        expectError(await call(t.app, 'GET', url), 404, ErrorCodes.notFound);
      }
    });

    it('delivers nothing of a withdrawn asset or an unknown file, even with a valid ticket', async () => {
      const sign = await t.context.tickets.signer();
      expectError(
        await call(t.app, 'GET', sign(withdrawn.fileIds[0]!, 'original')),
        404,
        ErrorCodes.notFound,
      );
      expectError(await call(t.app, 'GET', sign(withdrawn.fileIds[0]!, 'thumb')), 404, ErrorCodes.notFound);
      expectError(await call(t.app, 'GET', sign(987_654, 'original')), 404, ErrorCodes.notFound);
    });

    it('answers 410 once the ticket has expired', async () => {
      const { originalTicket, largePreview } = await assetOf(main);
      const exp = Number(new URL(originalTicket, 'http://x').searchParams.get('exp'));
      t.clock.advance(exp * 1000 - t.clock.now() - 1000);
      expect((await call(t.app, 'GET', originalTicket)).statusCode).toBe(200);
      t.clock.advance(1000);
      expectError(await call(t.app, 'GET', originalTicket), 410, ErrorCodes.ticketExpired);
      expectError(await call(t.app, 'GET', largePreview!), 410, ErrorCodes.ticketExpired);
      // A fresh answer carries a fresh ticket.
      const fresh = await assetOf(main);
      expect((await call(t.app, 'GET', fresh.originalTicket)).statusCode).toBe(200);
    });
  });
});
