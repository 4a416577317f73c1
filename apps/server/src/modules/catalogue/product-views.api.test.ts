import {
  ErrorCodes,
  PRODUCT_GTINS_MAX,
  PRODUCT_VIEWS_MAX,
  gtinCheckDigit,
  type AssetsAnswer,
  type ProductViewsAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes, type SeededAsset } from './testing/catalogue-seed.js';

type Session = Awaited<ReturnType<typeof signInAs>>;

/** A valid GTIN of the given digits before the check digit. */
const gtin = (body: string) => `${body}${gtinCheckDigit(body)}`;

const COFFEE = gtin('400606708421'); // GTIN-13
const COFFEE_14 = `0${COFFEE}`;
const TEA = gtin('0400606700001'); // GTIN-14
const EMPTY = gtin('400606700002');
const FRAMES = gtin('400606700003');

describeEachDatabase('POST /api/products/views (issue 22.7)', (dialect) => {
  let t: TestApp;
  let user: Session;
  const seeded: Record<string, SeededAsset> = {};

  const views = (body: unknown, options: { guest?: boolean } = {}) =>
    call(t.app, 'POST', '/api/products/views', { ...(options.guest ? {} : { token: user.token }), body });
  const ids = (answer: ProductViewsAnswer, index: number) =>
    answer.products[index]!.views.map((view) => view.id);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await signInAs(t, 'registered');
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 123, de: 'Österreich' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
      { id: 124, parentId: 123, rootId: 123, de: 'Kaffee AT' },
    ]);
    // Seeded out of view order, so the answer's order is the route's, not the ids'.
    seeded.back = await seedAsset(
      t,
      imageAsset(10, 1, 'Kaffee Rückseite', { gtin: COFFEE_14, imageCategory: 5 }),
    );
    seeded.none = await seedAsset(t, imageAsset(10, 1, 'Kaffee Stimmung', { gtin: COFFEE_14 }));
    seeded.left = await seedAsset(
      t,
      imageAsset(10, 1, 'Kaffee links', { gtin: COFFEE_14, imageCategory: 2 }),
    );
    seeded.frontFlat = await seedAsset(
      t,
      imageAsset(10, 1, 'Kaffee frontal', { gtin: COFFEE_14, imageCategory: 4 }),
    );
    seeded.front = await seedAsset(
      t,
      imageAsset(10, 1, 'Kaffee vorne', { gtin: COFFEE_14, imageCategory: 1 }),
    );
    seeded.withdrawn = await seedAsset(
      t,
      imageAsset(10, 1, 'Kaffee alt', { gtin: COFFEE_14, imageCategory: 3, withdrawn: true }),
    );
    const fileless = imageAsset(10, 1, 'Kaffee ohne Datei', { gtin: COFFEE_14, imageCategory: 8 });
    seeded.fileless = await seedAsset(t, {
      ...fileless,
      files: [{ ...fileless.files[0]!, isCurrent: false }],
    });
    seeded.austrian = await seedAsset(
      t,
      imageAsset(124, 123, 'Kaffee AT', { gtin: COFFEE_14, imageCategory: 1 }),
    );
    seeded.tea = await seedAsset(t, imageAsset(10, 1, 'Tee', { gtin: TEA, imageCategory: 1 }));
    seeded.other = await seedAsset(t, imageAsset(10, 1, 'Ohne GTIN', { imageCategory: 1 }));
    for (let frame = 0; frame < PRODUCT_VIEWS_MAX + 2; frame += 1) {
      await seedAsset(
        t,
        imageAsset(10, 1, `Dreh ${frame}`, { gtin: FRAMES, imageCategory: 1, version: frame + 1 }),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('answers every visible view of each GTIN in view order, one product per GTIN in request order', async () => {
    const answer = await views({ gtins: [TEA, COFFEE, COFFEE_14, EMPTY] });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<ProductViewsAnswer>();
    // The 13 and 14-digit spellings of the coffee are one product, named as first asked.
    expect(body.products.map((product) => product.gtin)).toEqual([TEA, COFFEE, EMPTY]);
    expect(ids(body, 0)).toEqual([seeded.tea!.id]);
    // Front (with, then without perspective), left, back, then the view without category; never the
    // withdrawn view, the one without a current file, the Austrian one or an asset without GTIN.
    expect(ids(body, 1)).toEqual([
      seeded.front!.id,
      seeded.frontFlat!.id,
      seeded.left!.id,
      seeded.back!.id,
      seeded.none!.id,
    ]);
    expect(body.products[1]!.viewCount).toBe(5);
    expect(body.products[2]).toEqual({ gtin: EMPTY, views: [], viewCount: 0 });
  });

  it('presents the views exactly as the catalogue presents the same assets, tickets included', async () => {
    const body = (await views({ gtins: [COFFEE] })).json<ProductViewsAnswer>();
    const listed = (
      await call(t.app, 'GET', '/api/assets/10?limit=50', { token: user.token })
    ).json<AssetsAnswer>();
    const front = body.products[0]!.views[0]!;
    expect(front).toEqual(listed.results.find((asset) => asset.id === front.id));
    expect(front.defaultThumbTicket).toMatch(/sig=/);
  });

  it('answers the views of the country root asked for', async () => {
    const body = (await views({ gtins: [COFFEE], rootId: 123 })).json<ProductViewsAnswer>();
    expect(ids(body, 0)).toEqual([seeded.austrian!.id]);
  });

  it(`answers at most ${PRODUCT_VIEWS_MAX} views of a product and says how many it has`, async () => {
    const body = (await views({ gtins: [FRAMES] })).json<ProductViewsAnswer>();
    expect(body.products[0]!.views).toHaveLength(PRODUCT_VIEWS_MAX);
    expect(body.products[0]!.viewCount).toBe(PRODUCT_VIEWS_MAX + 2);
    // The newest version first among views of one category.
    expect(body.products[0]!.views[0]!.name.de).toBe(`Dreh ${PRODUCT_VIEWS_MAX + 1}`);
  });

  it('takes up to the limit of GTINs and refuses more, none, malformed ones and unknown roots with a 400', async () => {
    const many = Array.from({ length: PRODUCT_GTINS_MAX }, (_, index) => gtin(String(400600000000 + index)));
    const most = await views({ gtins: many });
    expect(most.statusCode, most.body).toBe(200);
    expect(most.json<ProductViewsAnswer>().products).toHaveLength(PRODUCT_GTINS_MAX);

    expectError(await views({ gtins: [...many, COFFEE] }), 400, 'products.errors.tooManyGtins', 'gtins');
    expectError(await views({ gtins: [] }), 400, 'products.errors.noGtins', 'gtins');
    const wrongCheckDigit = `${COFFEE.slice(0, -1)}${(Number(COFFEE.at(-1)) + 1) % 10}`;
    for (const bad of [wrongCheckDigit, '12345', 'abcdefghijklm', '040060670842180', '']) {
      expectError(await views({ gtins: [TEA, bad] }), 400, 'products.errors.badGtin', 'gtins.1');
    }
    expectError(await views({ gtins: [TEA], rootId: 5 }), 400, 'search.errors.unknownRoot', 'rootId');
    expectError(await views({ gtins: TEA }), 400, ErrorCodes.validation, 'gtins');
    expectError(await views({}), 400, ErrorCodes.validation, 'gtins');
  });

  it('names the reason of a malformed GTIN for the app', async () => {
    const answer = await views({ gtins: ['12345'] });
    const fields = answer.json<{ error: { fields: { path: string; code: string }[] } }>().error.fields;
    expect(fields).toContainEqual({ path: 'gtins.0', code: 'products.errors.badGtin' });
  });

  it('refuses guests', async () => {
    expectError(await views({ gtins: [COFFEE] }, { guest: true }), 401, ErrorCodes.unauthorized);
  });
});
