import { createHash } from 'node:crypto';
import { CART_MAX_ASSETS, ErrorCodes, type DownloadsAnswer } from '@mediabox/contract';
import { beforeAll, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { call, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError } from '../../test/users.js';
import { useCartWorld, type CartWorld, type Session } from '../cart/testing/cart-world.js';

/** The names and SHA-256 of a zip's entries, read with an independent reader (yauzl). */
async function unzip(bytes: Buffer): Promise<{ name: string; sha256: string }[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
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

/** `POST /api/download/assets` (issue 22.1): a selection as a zip, bundled as the cart is, without it. */
describeEachDatabase('direct download of selected assets', (dialect) => {
  const { world, put, get, cartOf } = useCartWorld(dialect);
  let t: TestApp;
  let alice: Session;
  let assets: CartWorld['assets'];
  beforeAll(() => {
    ({ t, alice, assets } = world());
  });
  const download = (session: Session | null, body: unknown) =>
    call(t.app, 'POST', '/api/download/assets', { token: session?.token, body });
  const bundleCount = async () =>
    Number(
      (
        await t.context.database.db
          .selectFrom('bundles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', alice.row.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('bundles every original format with the names a cart bundle gives them, and leaves the cart alone', async () => {
    await put(alice, { assetId: assets.logo!.id });
    const made = await download(alice, {
      assetIds: [assets.crema!.id, assets.espresso!.id, assets.espressoTwin!.id, assets.crema!.id],
    });
    expect(made.statusCode, made.body).toBe(200);
    const { filename } = made.json<{ filename: string }>();
    expect(filename).toMatch(/^[A-Za-z0-9_-]{22}\.zip$/);
    const zip = await call(t.app, 'GET', `/api/download/${filename}`);
    expect(zip.statusCode).toBe(200);
    const entries = await unzip(zip.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      '04006067084218_C1C1_s01_v01.jpg',
      'Espresso.jpg',
      'Espresso.tif',
      'Espresso (2).jpg',
    ]);
    expect(entries.map((entry) => entry.sha256)).toEqual([
      assets.crema!.blobs[0],
      assets.espresso!.blobs[0],
      assets.espresso!.blobs[1],
      assets.espressoTwin!.blobs[0],
    ]);
    // Listed with the user's downloads like a cart bundle; the cart still holds only the logo.
    const downloads = (await get(alice, '/api/downloads/')).json<DownloadsAnswer>().downloads;
    expect(downloads.map((d) => d.filename)).toContain(filename);
    expect((await cartOf(alice)).items.map((item) => item.id)).toEqual([assets.logo!.id]);
  });

  it('delivers only the format asked for, leaving out assets without it', async () => {
    const made = await download(alice, {
      assetIds: [assets.espresso!.id, assets.logo!.id],
      format: 1200,
    });
    expect(made.statusCode, made.body).toBe(200);
    const zip = await call(t.app, 'GET', `/api/download/${made.json<{ filename: string }>().filename}`);
    expect((await unzip(zip.rawPayload)).map((entry) => entry.name)).toEqual(['Espresso.tif']);
  });

  it('refuses a selection without any file of the format, and withdrawn or unknown assets, making nothing', async () => {
    const before = await bundleCount();
    expectError(
      await download(alice, { assetIds: [assets.logo!.id], format: 1200 }),
      400,
      ErrorCodes.downloadNoFiles,
    );
    expectError(
      await download(alice, { assetIds: [assets.crema!.id, assets.withdrawn!.id] }),
      404,
      ErrorCodes.assetNotFound,
    );
    expectError(
      await download(alice, { assetIds: [assets.crema!.id, 999_999] }),
      404,
      ErrorCodes.assetNotFound,
    );
    expect(await bundleCount()).toBe(before);
  });

  it('refuses guests and malformed or oversized selections', async () => {
    expect((await download(null, { assetIds: [assets.crema!.id] })).statusCode).toBe(401);
    for (const body of [
      {},
      { assetIds: [] },
      { assetIds: ['x'] },
      { assetIds: [assets.crema!.id], format: 'jpeg' },
      { assetIds: [assets.crema!.id], extra: 1 },
      { assetIds: Array.from({ length: CART_MAX_ASSETS + 1 }, (_, index) => index + 1) },
    ]) {
      expect((await download(alice, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});
