import type { CartAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { call, createTestApp, type TEST_DIALECTS, type TestApp } from '../../../test/test-app.js';
import { signInAs } from '../../../test/users.js';
import {
  imageAsset,
  seedAsset,
  seedNodes,
  type SeededAsset,
} from '../../catalogue/testing/catalogue-seed.js';

export type Session = Awaited<ReturnType<typeof signInAs>>;
type Dialect = (typeof TEST_DIALECTS)[number];

/** The test app, users and assets that the cart and delivery API tests share. */
export interface CartWorld {
  t: TestApp;
  alice: Session;
  bob: Session;
  staff: Session;
  assets: Record<string, SeededAsset>;
}

/**
 * Two registered users and a staff member, and a category whose assets have what carts and bundles
 * must handle: a GTIN, two formats, a name twice, no main image, a withdrawn asset. Registers the
 * hooks that make it (before all), close it (after all) and empty the three carts before each test;
 * `world()` answers it once made.
 */
export function useCartWorld(dialect: Dialect) {
  let world: CartWorld | undefined;
  const made = () => {
    if (!world) throw new Error('The cart world is made in beforeAll');
    return world;
  };

  beforeAll(async () => {
    const t = await createTestApp(dialect);
    const [alice, bob, staff] = await Promise.all([
      signInAs(t, 'registered'),
      signInAs(t, 'registered'),
      signInAs(t, 'internal'),
    ]);
    const assets: Record<string, SeededAsset> = {};
    world = { t, alice, bob, staff, assets };
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 12, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
    ]);
    assets.crema = await seedAsset(
      t,
      imageAsset(12, 1, 'Caffè Crema', { en: 'Coffee cream', gtin: '04006067084218', imageCategory: 1 }),
    );
    assets.espresso = await seedAsset(t, {
      containerId: 12,
      rootId: 1,
      de: 'Espresso',
      files: [
        {
          mediaType: 1100,
          bytes: Buffer.from('jpeg espresso'),
          fileName: 'espresso.jpg',
          mimeType: 'image/jpeg',
          width: 800,
          height: 600,
          colorspace: 'srgb',
        },
        {
          mediaType: 1200,
          bytes: Buffer.from('tiff espresso cmyk'),
          fileName: 'espresso.tif',
          mimeType: 'image/tiff',
          colorspace: 'cmyk',
        },
      ],
    });
    // Same asset name as espresso's main file: the zip must make the names unique.
    assets.espressoTwin = await seedAsset(t, imageAsset(12, 1, 'Espresso'));
    assets.logo = await seedAsset(t, {
      containerId: 12,
      rootId: 1,
      de: 'Logo',
      files: [
        {
          mediaType: 1400,
          bytes: Buffer.from('%!PS-Adobe-3.0 EPSF-3.0'),
          fileName: 'logo.eps',
          mimeType: 'application/postscript',
        },
      ],
    });
    assets.withdrawn = await seedAsset(t, imageAsset(12, 1, 'Zurückgezogen', { withdrawn: true }));
  });
  afterAll(() => world?.t.close());

  beforeEach(async () => {
    const { t, alice, bob, staff } = made();
    for (const session of [alice, bob, staff])
      await call(t.app, 'POST', '/api/cart/clear', { token: session.token });
  });

  const put = (session: Session, body: unknown) =>
    call(made().t.app, 'PUT', '/api/cart/', { token: session.token, body });
  const del = (session: Session, body: unknown) =>
    call(made().t.app, 'DELETE', '/api/cart/', { token: session.token, body });
  const get = (session: Session, url = '/api/cart/') =>
    call(made().t.app, 'GET', url, { token: session.token });
  const cartOf = async (session: Session) => (await get(session)).json<CartAnswer>();
  const formatsOf = async (session: Session) =>
    Object.fromEntries(
      (await cartOf(session)).cartItems.map((item) => [item.id, item.files.map((file) => file.mediaType)]),
    );

  return { world: made, put, del, get, cartOf, formatsOf };
}
