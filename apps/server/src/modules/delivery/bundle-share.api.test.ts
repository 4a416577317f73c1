import { ErrorCodes, type ShareContentsAnswer } from '@mediabox/contract';
import { beforeAll, expect, it } from 'vitest';
import { lastMailTo } from '../../test/mails.js';
import { call, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError } from '../../test/users.js';
import { useCartWorld, type CartWorld, type Session } from '../cart/testing/cart-world.js';
import { BUNDLE_VALIDITY_MS } from './bundle.service.js';
import { zipEntries } from './testing/zip-entries.js';

/** The share page at a download link (issue 20.1): its contents and single files, for guests. */
describeEachDatabase('share page API', (dialect) => {
  const { world, put, get } = useCartWorld(dialect);
  let t: TestApp;
  let alice: Session;
  let assets: CartWorld['assets'];
  beforeAll(() => {
    ({ t, alice, assets } = world());
  });

  const bundleOf = async (session: Session) =>
    (await get(session, '/api/cart/download')).json<{ filename: string }>().filename;

  it('lists the zip’s entries with their sizes, and serves each file alone as the zip holds it, to a guest', async () => {
    await put(alice, { assetIds: [assets.crema!.id, assets.espresso!.id, assets.logo!.id] });
    await put(alice, { assetId: assets.espresso!.id, format: 1200 });
    const filename = await bundleOf(alice);

    const listed = await call(t.app, 'GET', `/api/download/${filename}/contents`);
    expect(listed.statusCode, listed.body).toBe(200);
    const contents = listed.json<ShareContentsAnswer>();
    const zip = await call(t.app, 'GET', contents.zip.url);
    expect(contents.zip.size).toBe(zip.rawPayload.length);
    expect(contents.validUntil).toBe(new Date(t.clock.now() + BUNDLE_VALIDITY_MS).toISOString());

    const entries = await zipEntries(zip.rawPayload);
    expect(contents.files.map((file) => [file.name, file.size])).toEqual(
      entries.map((entry) => [entry.name, entry.bytes.length]),
    );
    expect(contents.files[0]).toMatchObject({
      assetNames: { de: 'Caffè Crema', en: 'Coffee cream', fr: 'Caffè Crema' },
      gtin: '04006067084218',
      mediaType: 1100,
    });
    expect(contents.files[1]).toMatchObject({ name: 'Espresso.jpg', width: 800, height: 600, gtin: null });
    expect(contents.files[2]).toMatchObject({ name: 'Espresso.tif', mediaType: 1200 });
    // Thumbnails are signed catalogue tickets on our own origin.
    for (const file of contents.files)
      expect(file.thumbUrl).toMatch(/^\/api\/file\/\d+\/thumb\?exp=\d+&sig=/);

    for (const [index, file] of contents.files.entries()) {
      expect(file.status).toBe('available');
      const single = await call(t.app, 'GET', file.url!);
      expect(single.statusCode, file.url!).toBe(200);
      expect(single.rawPayload.equals(entries[index]!.bytes), file.name).toBe(true);
      expect(single.headers['content-disposition']).toContain(`filename="${file.name}"`);
    }
  });

  it('answers a Range of a single file, and HEAD with its whole length', async () => {
    await put(alice, { assetId: assets.espresso!.id, format: 1200 });
    const filename = await bundleOf(alice);
    const { files } = (
      await call(t.app, 'GET', `/api/download/${filename}/contents`)
    ).json<ShareContentsAnswer>();
    const tiff = files.find((file) => file.mediaType === 1200)!;
    const url = tiff.url!;
    const whole = (await call(t.app, 'GET', url)).rawPayload;
    expect((await call(t.app, 'HEAD', url)).headers['content-length']).toBe(String(whole.length));
    const rest = await call(t.app, 'GET', url, { headers: { range: 'bytes=5-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 5-${whole.length - 1}/${whole.length}`);
    expect(rest.rawPayload.equals(whole.subarray(5))).toBe(true);
    const beyond = await call(t.app, 'GET', url, { headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.statusCode).toBe(416);
  });

  it('answers 404 for unknown names and positions, 410 once the bundle has expired', async () => {
    await put(alice, { assetId: assets.crema!.id });
    const filename = await bundleOf(alice);
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA.zip';
    expectError(
      await call(t.app, 'GET', `/api/download/${unknown}/contents`),
      404,
      ErrorCodes.bundleNotFound,
    );
    expectError(await call(t.app, 'GET', `/api/download/${unknown}/file/0`), 404, ErrorCodes.bundleNotFound);
    for (const position of ['1', '-1', 'x', '99999999999'])
      expectError(
        await call(t.app, 'GET', `/api/download/${filename}/file/${position}`),
        404,
        ErrorCodes.notFound,
      );

    t.clock.advance(BUNDLE_VALIDITY_MS);
    expectError(
      await call(t.app, 'GET', `/api/download/${filename}/contents`),
      410,
      ErrorCodes.bundleExpired,
    );
    expectError(await call(t.app, 'GET', `/api/download/${filename}/file/0`), 410, ErrorCodes.bundleExpired);
  });

  it('mails a link that opens the share page in the sender’s language', async () => {
    await put(alice, { assetId: assets.crema!.id });
    const sent = await call(t.app, 'POST', '/api/cart/send', {
      token: alice.token,
      body: { form: { email: 'agency@example.org', subject: '', text: '', copyCheckbox: false }, lang: 'en' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { filename } = sent.json<{ filename: string }>();
    const mail = await lastMailTo(t, 'agency@example.org');
    // The recipient's own link, not the bundle's name (issue 20.2).
    const link = /http:\/\/portal\.test\/download\/([A-Za-z0-9_-]{22}\.zip)\?lang=en/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    expect(link![1]).not.toBe(filename);
    const contents = (
      await call(t.app, 'GET', `/api/download/${link![1]}/contents`)
    ).json<ShareContentsAnswer>();
    expect(contents).toMatchObject({ lang: 'en', tracked: true });
  });
});
