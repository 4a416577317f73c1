import { createHash } from 'node:crypto';
import { ErrorCodes, type DownloadsAnswer, type MessagesAnswer } from '@mediabox/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { lastMailTo } from '../../test/mails.js';
import { call, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError } from '../../test/users.js';
import { imageAsset, seedAsset, type SeededAsset } from '../catalogue/testing/catalogue-seed.js';
import { useCartWorld, type CartWorld, type Session } from '../cart/testing/cart-world.js';
import { BUNDLE_VALIDITY_MS } from './bundle.service.js';

/** Reads every entry of a zip held in memory with an independent reader (yauzl). */
async function unzip(bytes: Buffer): Promise<{ name: string; sha256: string }[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const entries: { name: string; sha256: string }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const hash = createHash('sha256');
        stream.on('data', (chunk: Buffer) => hash.update(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.push({ name: entry.fileName, sha256: hash.digest('hex') });
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** What is made of a cart: bundles and their zips, the spreadsheet, sending; and who may ask for them. */
describeEachDatabase('delivery API', (dialect) => {
  const { world, put, del, get, cartOf } = useCartWorld(dialect);
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let staff: Session;
  let assets: CartWorld['assets'];
  beforeAll(() => {
    ({ t, alice, bob, staff, assets } = world());
  });
  /** Sends the session's cart in German, without subject or copy. */
  const sendCart = (session: Session, email: string, text = '') =>
    call(t.app, 'POST', '/api/cart/send', {
      token: session.token,
      body: { form: { email, subject: '', text, copyCheckbox: false }, lang: 'de' },
    });

  describe('ownership', () => {
    it('never shows or changes another user’s cart, bundles or messages', async () => {
      await put(alice, { assetId: assets.crema!.id });
      expect((await cartOf(bob)).items).toEqual([]);
      await call(t.app, 'POST', '/api/cart/clear', { token: bob.token });
      expect((await cartOf(alice)).items.map((item) => item.id)).toEqual([assets.crema!.id]);

      const { filename } = (await get(alice, '/api/cart/download')).json<{ filename: string }>();
      const sent = await sendCart(alice, 'kunde@example.org', 'Hallo');
      expect(sent.statusCode, sent.body).toBe(200);
      expect((await get(bob, '/api/downloads/')).json<DownloadsAnswer>().downloads).toEqual([]);
      expect((await get(bob, '/api/messages/')).json<MessagesAnswer>().messages).toEqual([]);
      expect(
        (await get(alice, '/api/downloads/')).json<DownloadsAnswer>().downloads.map((d) => d.filename),
      ).toContain(filename);
    });
  });

  describe('bundles', () => {
    it('streams a zip whose entries are the stored blobs, named GS1-style or by asset name, made unique', async () => {
      await put(alice, {
        assetIds: [assets.crema!.id, assets.espresso!.id, assets.espressoTwin!.id, assets.logo!.id],
      });
      await put(alice, { assetId: assets.espresso!.id, format: 1200 });
      const made = await get(alice, '/api/cart/download');
      expect(made.statusCode, made.body).toBe(200);
      const { filename } = made.json<{ filename: string }>();
      expect(filename).toMatch(/^[A-Za-z0-9_-]{22}\.zip$/);

      const zip = await call(t.app, 'GET', `/api/download/${filename}`);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
      const entries = await unzip(zip.rawPayload);
      expect(entries.map((entry) => entry.name)).toEqual([
        '04006067084218_C1C1_s01_v01.jpg',
        'Espresso.jpg',
        'Espresso.tif',
        'Espresso (2).jpg',
        'Logo.eps',
      ]);
      const expected = [
        assets.crema!.blobs[0],
        assets.espresso!.blobs[0],
        assets.espresso!.blobs[1],
        assets.espressoTwin!.blobs[0],
        assets.logo!.blobs[0],
      ];
      expect(entries.map((entry) => entry.sha256)).toEqual(expected);

      // The list shows the same names and the sum of the file sizes; the cart is kept.
      const [download] = (await get(alice, '/api/downloads/')).json<DownloadsAnswer>().downloads;
      expect(download!.filename).toBe(filename);
      expect(download!.items.flatMap((item) => item.files.map((file) => file.filename))).toEqual(
        entries.map((entry) => entry.name),
      );
      expect(download!.validUntil).toBe(new Date(t.clock.now() + BUNDLE_VALIDITY_MS).toISOString());
      expect((await cartOf(alice)).items).toHaveLength(4);
    });

    it('answers Range requests so that a broken download resumes to the same bytes', async () => {
      await put(alice, { assetIds: [assets.crema!.id, assets.espresso!.id] });
      const { filename } = (await get(alice, '/api/cart/download')).json<{ filename: string }>();
      const whole = (await call(t.app, 'GET', `/api/download/${filename}`)).rawPayload;
      const head = await call(t.app, 'HEAD', `/api/download/${filename}`);
      expect(Number(head.headers['content-length'])).toBe(whole.length);
      expect(head.headers['accept-ranges']).toBe('bytes');
      const cut = Math.floor(whole.length / 3);
      const rest = await call(t.app, 'GET', `/api/download/${filename}`, {
        headers: { range: `bytes=${cut}-` },
      });
      expect(rest.statusCode).toBe(206);
      expect(rest.headers['content-range']).toBe(`bytes ${cut}-${whole.length - 1}/${whole.length}`);
      expect(Buffer.concat([whole.subarray(0, cut), rest.rawPayload]).equals(whole)).toBe(true);
      const beyond = await call(t.app, 'GET', `/api/download/${filename}`, {
        headers: { range: `bytes=${whole.length}-` },
      });
      expect(beyond.statusCode).toBe(416);
    });

    it('answers 404 for unknown names and 410 after 14 days; the cleanup job deletes expired bundles', async () => {
      await put(alice, { assetId: assets.crema!.id });
      const { filename } = (await get(alice, '/api/cart/download')).json<{ filename: string }>();
      expectError(
        await call(t.app, 'GET', '/api/download/AAAAAAAAAAAAAAAAAAAAAA.zip'),
        404,
        ErrorCodes.bundleNotFound,
      );
      expectError(
        await call(t.app, 'GET', '/api/download/..%2F..%2Fetc%2Fpasswd'),
        404,
        ErrorCodes.bundleNotFound,
      );

      t.clock.advance(BUNDLE_VALIDITY_MS - 1000);
      expect((await call(t.app, 'GET', `/api/download/${filename}`)).statusCode).toBe(200);
      t.clock.advance(1000);
      expectError(await call(t.app, 'GET', `/api/download/${filename}`), 410, ErrorCodes.bundleExpired);
      expect(
        (await get(alice, '/api/downloads/')).json<DownloadsAnswer>().downloads.map((d) => d.filename),
      ).not.toContain(filename);

      const deleted = await t.context.bundles.deleteExpired();
      expect(deleted).toBeGreaterThanOrEqual(1);
      expectError(await call(t.app, 'GET', `/api/download/${filename}`), 404, ErrorCodes.bundleNotFound);
      // The asset's blob is still used by the asset: it stays.
      expect(await t.context.blobs.exists(assets.crema!.blobs[0]!)).toBe(true);
    });

    it('keeps a blob while a bundle names it, and deletes it with the last bundle once the asset is gone', async () => {
      const gone = await seedAsset(t, imageAsset(12, 1, 'Bald gelöscht'));
      await put(alice, { assetId: gone.id });
      const { filename } = (await get(alice, '/api/cart/download')).json<{ filename: string }>();
      await t.context.database.db.deleteFrom('cart_formats').where('asset_id', '=', gone.id).execute();
      await t.context.database.db.deleteFrom('cart_entries').where('asset_id', '=', gone.id).execute();
      await t.context.database.db
        .deleteFrom('renditions')
        .where('source_sha256', '=', gone.blobs[0]!)
        .execute();
      await t.context.database.db.deleteFrom('assets').where('id', '=', gone.id).execute();
      await t.context.bundles.deleteExpired();
      const zip = await call(t.app, 'GET', `/api/download/${filename}`);
      expect((await unzip(zip.rawPayload)).map((entry) => entry.sha256)).toEqual([gone.blobs[0]]);

      t.clock.advance(BUNDLE_VALIDITY_MS);
      await t.context.bundles.deleteExpired();
      expect(await t.context.blobs.exists(gone.blobs[0]!)).toBe(false);
    });

    it('refuses an empty cart and a cart without any chosen format', async () => {
      expectError(await get(alice, '/api/cart/download'), 400, ErrorCodes.cartEmpty);
      await put(alice, { assetId: assets.crema!.id });
      await del(alice, { assetId: assets.crema!.id, format: 1100 });
      expectError(await get(alice, '/api/cart/download'), 400, ErrorCodes.cartNoFiles);
      const count = await t.context.database.db
        .selectFrom('bundles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', alice.row.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });

    it('records each bundle download, resumed parts once, Internal or External or guest', async () => {
      // Who downloaded is kept only with tracking consent (the tracking module tests the refusal).
      for (const session of [staff, alice]) {
        const consent = await call(t.app, 'PUT', '/api/user/consent', {
          token: session.token,
          body: { tracking: true },
        });
        expect(consent.statusCode, consent.body).toBe(200);
      }
      await put(staff, { assetId: assets.crema!.id });
      const { filename } = (await get(staff, '/api/cart/download')).json<{ filename: string }>();
      await call(t.app, 'GET', `/api/download/${filename}`);
      await call(t.app, 'GET', `/api/download/${filename}`, { token: staff.token });
      await call(t.app, 'GET', `/api/download/${filename}`, { token: alice.token });
      await call(t.app, 'GET', `/api/download/${filename}`, { headers: { range: 'bytes=10-' } });
      const events = await t.context.database.db
        .selectFrom('download_events as e')
        .innerJoin('bundles as b', 'b.id', 'e.bundle_id')
        .select(['e.audience', 'e.user_id', 'e.kind'])
        .where('b.filename', '=', filename)
        .orderBy('e.id')
        .execute();
      expect(events).toEqual([
        { audience: 'guest', user_id: null, kind: 'bundle' },
        { audience: 'internal', user_id: staff.row.id, kind: 'bundle' },
        { audience: 'external', user_id: alice.row.id, kind: 'bundle' },
      ]);

      // The app opens a link signed for the signed-in user: no bearer header, still counted as theirs.
      const link = await get(alice, `/api/download/${filename}/link`);
      expect(link.statusCode, link.body).toBe(200);
      const { url } = link.json<{ url: string }>();
      expect(url).toMatch(new RegExp(`^/api/download/${filename}\\?u=${alice.row.id}&exp=\\d+&sig=`));
      expect((await call(t.app, 'GET', url)).statusCode).toBe(200);
      const forged = url.replace(`u=${alice.row.id}`, `u=${staff.row.id}`);
      expectError(await call(t.app, 'GET', forged), 403, ErrorCodes.ticketInvalid);
      expectError(
        await get(alice, '/api/download/AAAAAAAAAAAAAAAAAAAAAA.zip/link'),
        404,
        ErrorCodes.bundleNotFound,
      );
      const latest = await t.context.database.db
        .selectFrom('download_events')
        .select(['audience', 'user_id'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(latest).toEqual({ audience: 'external', user_id: alice.row.id });
    });
  });

  describe('file names (issue 19.8)', () => {
    let collisions: Record<'gs1' | 'gs1Twin' | 'espressoLower', SeededAsset>;
    beforeAll(async () => {
      // Stored under its GS1 upload name; the twin is the same GTIN, view, version and variant.
      const gs1 = { gtin: '04000000108245', imageCategory: 1, version: 2, variant: 1 };
      const gs1Asset = (de: string, fileName: string) => {
        const asset = imageAsset(12, 1, de, gs1);
        return { ...asset, files: asset.files.map((file) => ({ ...file, fileName })) };
      };
      collisions = {
        gs1: await seedAsset(t, gs1Asset('Kaffee', '04000000108245_C1C1_s02_v01.jpg')),
        gs1Twin: await seedAsset(t, gs1Asset('Kaffee 2', 'kaffee-2.JPG')),
        // "espresso.jpg" and "Espresso.jpg" are one file to a Windows or macOS unzip.
        espressoLower: await seedAsset(t, imageAsset(12, 1, 'espresso')),
      };
    });

    it('are the same in the zip, the spreadsheet, the mail and the lists, and never collide in one zip', async () => {
      await put(alice, {
        assetIds: [
          assets.crema!.id,
          assets.espresso!.id,
          assets.espressoTwin!.id,
          collisions.espressoLower.id,
          collisions.gs1.id,
          collisions.gs1Twin.id,
        ],
      });
      await put(alice, { assetId: assets.espresso!.id, format: 1200 });
      const expected = [
        '04006067084218_C1C1_s01_v01.jpg',
        'Espresso.jpg',
        'Espresso.tif',
        'Espresso (2).jpg',
        'espresso (3).jpg',
        '04000000108245_C1C1_s02_v01.jpg',
        '04000000108245_C1C1_s02_v01 (2).jpg',
      ];

      const { filename } = (await get(alice, '/api/cart/download')).json<{ filename: string }>();
      const zipNames = (await unzip((await call(t.app, 'GET', `/api/download/${filename}`)).rawPayload)).map(
        (entry) => entry.name,
      );
      expect(zipNames).toEqual(expected);
      expect(new Set(zipNames.map((name) => name.toLowerCase())).size).toBe(zipNames.length);

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await get(alice, '/api/cart/list')).rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const sheetNames = Array.from(
        { length: sheet.rowCount - 1 },
        (_, index) => sheet.getRow(index + 2).getCell(7).value,
      );
      expect(sheetNames).toEqual(zipNames);

      const sent = await sendCart(alice, 'namen@example.org');
      expect(sent.statusCode, sent.body).toBe(200);
      const mail = await lastMailTo(t, 'namen@example.org');
      for (const name of zipNames) expect(mail.text).toContain(name);
      const sentZip = await call(t.app, 'GET', `/api/download/${sent.json<{ filename: string }>().filename}`);
      expect((await unzip(sentZip.rawPayload)).map((entry) => entry.name)).toEqual(zipNames);

      const [download] = (await get(alice, '/api/downloads/')).json<DownloadsAnswer>().downloads;
      expect(download!.items.flatMap((item) => item.files.map((file) => file.filename))).toEqual(zipNames);
    });
  });

  describe('spreadsheet', () => {
    it('is a real xlsx with one row per item and format, bold frozen header', async () => {
      await put(alice, { assetIds: [assets.crema!.id, assets.espresso!.id] });
      await put(alice, { assetId: assets.espresso!.id, format: 1200 });
      const answer = await get(alice, '/api/cart/list');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-disposition']).toContain('artikeluebersicht.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(4);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
      expect(values(1)[0]).toBe('Name');
      expect(values(2).slice(0, 2)).toEqual(['Caffè Crema', '04006067084218']);
      // The names the zip gives the files (issue 19.8), not the stored ones.
      expect(values(3)[6]).toBe('Espresso.jpg');
      expect(values(3)[8]).toBe('800 × 600');
      expect(values(4)[6]).toBe('Espresso.tif');
      expect(values(4)[9]).toBe('CMYK');
      expect(values(4)[11]).toBe(Buffer.byteLength('tiff espresso cmyk'));
      const link = sheet.getRow(2).getCell(13).value as { hyperlink: string };
      expect(link.hyperlink).toBe(`http://portal.test/asset/${assets.crema!.id}`);
    });
  });

  describe('spreadsheet columns of what each file is (issue 21.6)', () => {
    it('tell format, colour space (with a depth above 8 bits) and dpi per delivered file, in the language', async () => {
      const scan = await seedAsset(t, {
        containerId: 12,
        rootId: 1,
        de: 'Scan',
        files: [
          {
            mediaType: 1100,
            bytes: Buffer.from('tiff scan rgb16'),
            fileName: 'scan.tif',
            mimeType: 'image/tiff',
            width: 4000,
            height: 3000,
            dpiX: 300,
            colorspace: 'rgb16',
            bitDepth: 16,
          },
          {
            mediaType: 1300,
            bytes: Buffer.from('png scan cut-out'),
            fileName: 'scan.png',
            mimeType: 'image/png',
            width: 1200,
            height: 1200,
            dpiX: 72.009,
            colorspace: 'b-w',
            bitDepth: 8,
            hasAlpha: true,
            transparent: true,
          },
          {
            mediaType: 1500,
            bytes: Buffer.from('%PDF-1.7 scan'),
            fileName: 'scan.pdf',
            mimeType: 'application/pdf',
          },
        ],
      });
      await call(t.app, 'POST', '/api/cart/clear', { token: alice.token });
      await put(alice, { assetIds: [scan.id] });
      await put(alice, { assetId: scan.id, format: 1300 });
      await put(alice, { assetId: scan.id, format: 1500 });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await get(alice, '/api/cart/list')).rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
      // Alice reads German: Datei, Format, Pixel, Farbraum, Auflösung (dpi).
      expect(values(1).slice(6, 11)).toEqual([
        'Datei',
        'Format',
        'Pixel (B × H)',
        'Farbraum',
        'Auflösung (dpi)',
      ]);
      expect(values(2).slice(7, 11)).toEqual(['TIFF', '4000 × 3000', 'sRGB · 16 bit', 300]);
      expect(values(3).slice(7, 11)).toEqual(['PNG', '1200 × 1200', 'Graustufen', 72]);
      // No pixels, colour space or dpi to tell: empty cells.
      expect(values(4).slice(7, 11)).toEqual(['PDF', '', '', '']);
    });
  });

  describe('send', () => {
    it('mails the recipient a working link in the chosen language, copies the sender, records a message', async () => {
      await put(alice, { assetIds: [assets.crema!.id, assets.logo!.id] });
      const answer = await call(t.app, 'POST', '/api/cart/send', {
        token: alice.token,
        body: {
          form: {
            email: 'Agentur@Example.org',
            subject: 'Bilder für die Kampagne',
            text: 'Anbei <die> Bilder.',
            copyCheckbox: true,
          },
          lang: 'en',
        },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const { filename } = answer.json<{ filename: string }>();

      const mail = await lastMailTo(t, 'agentur@example.org');
      // The portal's name comes first, and the sender is named with their address (issue 17.9).
      expect(mail.subject).toBe('Mediabox: Bilder für die Kampagne');
      expect(mail.text).toContain(`(${alice.email})`);
      expect(mail.text).toContain('Anbei <die> Bilder.');
      expect(mail.text).toContain('The link is valid until');
      expect(mail.html).not.toContain('<die>');
      // The recipient's own link (issue 20.2); the copy carries the bundle's own name.
      const link = /http:\/\/portal\.test\/download\/([A-Za-z0-9_-]{22}\.zip)\?lang=en/.exec(mail.text ?? '');
      expect(link).not.toBeNull();
      expect(link![1]).not.toBe(filename);
      const zip = await call(t.app, 'GET', `/api/download/${link![1]}`);
      expect((await unzip(zip.rawPayload)).map((entry) => entry.sha256)).toEqual([
        assets.crema!.blobs[0],
        assets.logo!.blobs[0],
      ]);
      const copy = await lastMailTo(t, alice.email);
      expect(copy.text).toContain('agentur@example.org');
      expect(copy.text).toContain(`http://portal.test/download/${filename}?lang=en`);

      const [message] = (await get(alice, '/api/messages/')).json<MessagesAnswer>().messages;
      expect(message).toMatchObject({ email: 'agentur@example.org', text: 'Anbei <die> Bilder.', filename });
      expect(message!.items.map((item) => item.id)).toEqual([assets.crema!.id, assets.logo!.id]);
      // Sent carts are messages, not downloads; the cart stays.
      expect(
        (await get(alice, '/api/downloads/')).json<DownloadsAnswer>().downloads.map((d) => d.filename),
      ).not.toContain(filename);
      expect((await cartOf(alice)).items).toHaveLength(2);
    });

    it("takes every link out of the sender's text: the download button is the mail's only link", async () => {
      await put(alice, { assetIds: [assets.crema!.id] });
      const text =
        'Bitte hier anmelden: https://evil.example/login oder www.evil.example und evil.example/konto, ' +
        'Fragen an mailto:x@evil.example. Gruß';
      const answer = await call(t.app, 'POST', '/api/cart/send', {
        token: alice.token,
        body: { form: { email: 'linkfrei@example.org', subject: '', text, copyCheckbox: false }, lang: 'de' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const mail = await lastMailTo(t, 'linkfrei@example.org');
      for (const part of [mail.text ?? '', mail.html || '']) {
        expect(part).not.toContain('evil.example');
      }
      expect(mail.text).toContain(
        'Bitte hier anmelden: [Link entfernt] oder [Link entfernt] und [Link entfernt]',
      );
      expect(mail.text).toContain('Gruß');
      const links = [...(mail.html || '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
      expect(links.every((href) => href!.startsWith('http://portal.test/download/'))).toBe(true);
    });

    it('refuses a bad address with a field error and sends nothing', async () => {
      await put(alice, { assetId: assets.crema!.id });
      const before = (await t.mails()).length;
      const answer = await call(t.app, 'POST', '/api/cart/send', {
        token: alice.token,
        body: { form: { email: 'kein-mail', subject: '', text: '', copyCheckbox: false }, lang: 'de' },
      });
      expectError(answer, 400, ErrorCodes.invalidEmail, 'form.email');
      await t.runJobs();
      expect((await t.mails()).length).toBe(before);
      expect(
        (await get(alice, '/api/messages/'))
          .json<MessagesAnswer>()
          .messages.every((m) => m.email !== 'kein-mail'),
      ).toBe(true);
    });
  });

  describe('access', () => {
    it('refuses guests and unknown tokens on every cart, downloads and messages call', async () => {
      const routes: [string, string, unknown?][] = [
        ['GET', '/api/cart/'],
        ['GET', '/api/cart/all'],
        ['GET', `/api/cart/${assets.crema!.id}`],
        ['PUT', '/api/cart/', { assetId: assets.crema!.id }],
        ['DELETE', '/api/cart/', { assetId: assets.crema!.id }],
        ['POST', '/api/cart/clear'],
        [
          'POST',
          '/api/cart/send',
          { form: { email: 'a@example.org', text: '', copyCheckbox: false }, lang: 'de' },
        ],
        ['GET', '/api/cart/list'],
        ['GET', '/api/cart/download'],
        ['GET', '/api/downloads/'],
        ['GET', '/api/messages/'],
        ['GET', '/api/download/AAAAAAAAAAAAAAAAAAAAAA.zip/link'],
      ];
      for (const [method, url, body] of routes) {
        expectError(await call(t.app, method as 'GET', url, { body }), 401, ErrorCodes.unauthorized);
        expectError(
          await call(t.app, method as 'GET', url, { body, token: 'A'.repeat(43) }),
          401,
          ErrorCodes.unauthorized,
        );
      }
      const count = await t.context.database.db
        .selectFrom('bundles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const entries = await t.context.database.db
        .selectFrom('cart_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect({ bundles: Number(count.n) >= 0, entries: Number(entries.n) }).toEqual({
        bundles: true,
        entries: 0,
      });
    });
  });
});
