import { ErrorCodes, gtinCheckDigit, type AssetAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { imageAsset, readFixture, seedAsset, seedNodes, type SeededAsset } from './testing/catalogue-seed.js';

const GTIN = '04006067084218';
/** A GTIN with a valid check digit that no asset has. */
const OTHER_GTIN = `0400606708422${gtinCheckDigit('0400606708422')}`;

describeEachDatabase('GS1 short links', (dialect) => {
  let t: TestApp;
  let front: SeededAsset;
  let side: SeededAsset;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token } = await signInAs(t, 'registered'));
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    front = await seedAsset(
      t,
      imageAsset(10, 1, 'Röstkaffee Klassisch 500 g', {
        gtin: GTIN,
        imageCategory: 1,
        bytes: await readFixture('gs1/04006067084218_C1C1.jpg'),
      }),
    );
    side = await seedAsset(
      t,
      imageAsset(10, 1, 'Röstkaffee Klassisch Seite', {
        gtin: GTIN,
        imageCategory: 2,
        version: 3,
        variant: 2,
        bytes: await readFixture('gs1/04006067084218_C2C1.jpg'),
      }),
    );
    // Same GTIN and category as `side` but withdrawn, and one without a 1100 file.
    await seedAsset(t, imageAsset(10, 1, 'Alt', { gtin: GTIN, imageCategory: 5, withdrawn: true }));
    await seedAsset(t, {
      containerId: 10,
      rootId: 1,
      de: 'Nur Vektor',
      gtin: GTIN,
      imageCategory: 6,
      files: [
        {
          mediaType: 1400,
          bytes: Buffer.from('%!PS'),
          fileName: 'a.eps',
          mimeType: 'application/postscript',
        },
      ],
    });
  });
  afterAll(() => t.close());

  it('redirects the link shown on the asset page to a fresh preview ticket of the main image', async () => {
    const { data } = (await call(t.app, 'GET', `/api/asset/${front.id}`, { token })).json<AssetAnswer>();
    expect(data.gs1Link).toBe(`/gs1/${GTIN}_1_s01_v01-roestkaffee-klassisch-500-g.jpg`);
    const response = await call(t.app, 'GET', data.gs1Link!);
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = String(response.headers.location);
    expect(location).toMatch(new RegExp(`^/api/file/${front.fileIds[0]}/preview\\?exp=\\d+&sig=`));
    const preview = await call(t.app, 'GET', location);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
  });

  it('matches version and variant, and ignores the name part', async () => {
    const ok = await call(t.app, 'GET', `/gs1/${GTIN}_2_s03_v02-anything-else.jpg`);
    expect(ok.statusCode).toBe(302);
    expect(String(ok.headers.location)).toMatch(new RegExp(`^/api/file/${side.fileIds[0]}/preview\\?`));
    expect((await call(t.app, 'GET', `/gs1/${GTIN}_2_s03_v02-.jpg`)).statusCode).toBe(302);
    for (const name of [`${GTIN}_2_s01_v01-x.jpg`, `${GTIN}_2_s03_v01-x.jpg`, `${GTIN}_1_s02_v01-x.jpg`]) {
      expectError(await call(t.app, 'GET', `/gs1/${name}`), 404, ErrorCodes.notFound);
    }
  });

  it('answers 404 JSON for bad check digits, unknown GTINs, withdrawn or non-image assets and odd names', async () => {
    const names = [
      '04006067084219_1_s01_v01-x.jpg', // wrong check digit
      `${OTHER_GTIN}_1_s01_v01-x.jpg`, // valid, unknown
      '4006067084218_1_s01_v01-x.jpg', // not padded to 14
      `${GTIN}_5_s01_v01-alt.jpg`, // withdrawn
      `${GTIN}_6_s01_v01-nur-vektor.jpg`, // no 1100 file
      `${GTIN}_1_s01_v01-x.png`,
      `${GTIN}_1_s01_v01-X.jpg`,
      `${GTIN}_1_s01_v01-x.jpg.html`,
      '..%2F..%2Fetc%2Fpasswd',
      `${GTIN}_1_s01_v01-..%2F..%2Fetc%2Fpasswd.jpg`,
      '%2e%2e%2fapi%2fuser',
    ];
    for (const name of names) {
      const response = await call(t.app, 'GET', `/gs1/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.headers['content-type'], name).toMatch(/^application\/json/);
      expect(response.headers.location, name).toBeUndefined();
    }
    // A NUL character is refused before any route looks at it (platform/http/input-guard.ts).
    const nul = await call(t.app, 'GET', `/gs1/${GTIN}_1_s01_v01-x.jpg%00.html`);
    expect(nul.statusCode).toBe(400);
    expect(nul.headers.location).toBeUndefined();
    for (const url of ['/gs1/../../etc/passwd', '/gs1/', '/gs1']) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('needs no sign-in but never leads to an original', async () => {
    for (const name of [`${GTIN}_1_s01_v01-x.jpg`, `${GTIN}_2_s03_v02-x.jpg`]) {
      const response = await call(t.app, 'GET', `/gs1/${name}`);
      expect(response.statusCode).toBe(302);
      expect(String(response.headers.location)).toContain('/preview?');
    }
  });
});
