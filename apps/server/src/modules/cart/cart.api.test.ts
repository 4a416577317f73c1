import { ErrorCodes, type CartAnswer, type CartSummary } from '@mediabox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { useCartWorld, type CartWorld, type Session } from './testing/cart-world.js';

/** The cart itself: entries and their formats. Bundles, the spreadsheet and sending: delivery.api.test.ts. */
describeEachDatabase('cart API', (dialect) => {
  const { world, put, del, get, cartOf, formatsOf } = useCartWorld(dialect);
  let t: TestApp;
  let alice: Session;
  let staff: Session;
  let assets: CartWorld['assets'];
  beforeAll(() => {
    ({ t, alice, staff, assets } = world());
  });

  describe('the three payload shapes', () => {
    it('{assetId} adds the asset with its main format; twice changes nothing', async () => {
      for (let i = 0; i < 2; i += 1) {
        const answer = await put(alice, { assetId: assets.espresso!.id });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json<CartSummary>()).toEqual({ assetIds: [assets.espresso!.id], count: 1 });
      }
      expect(await formatsOf(alice)).toEqual({ [assets.espresso!.id]: [1100] });
      // An asset without a main image comes with its first format.
      await put(alice, { assetId: assets.logo!.id });
      expect((await formatsOf(alice))[assets.logo!.id]).toEqual([1400]);
    });

    it('{assetId, format} adds and removes one format; the entry stays without any', async () => {
      await put(alice, { assetId: assets.espresso!.id, format: 1200 });
      expect(await formatsOf(alice)).toEqual({ [assets.espresso!.id]: [1200] });
      await put(alice, { assetId: assets.espresso!.id, format: 1100 });
      expect(await formatsOf(alice)).toEqual({ [assets.espresso!.id]: [1100, 1200] });
      await del(alice, { assetId: assets.espresso!.id, format: 1100 });
      await del(alice, { assetId: assets.espresso!.id, format: 1200 });
      expect(await formatsOf(alice)).toEqual({ [assets.espresso!.id]: [] });
      const summary = (await get(alice, '/api/cart/all')).json<CartSummary>();
      expect(summary.assetIds).toEqual([assets.espresso!.id]);
    });

    it('{assetIds, format} adds those that have the format and names the others', async () => {
      const ids = [assets.crema!.id, assets.espresso!.id, assets.logo!.id];
      const answer = await put(alice, { assetIds: ids, format: 1100 });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<CartSummary>()).toEqual({
        assetIds: [assets.crema!.id, assets.espresso!.id],
        count: 2,
        skipped: [assets.logo!.id],
      });
      await del(alice, { assetIds: [assets.crema!.id], format: 1100 });
      expect(await formatsOf(alice)).toEqual({ [assets.crema!.id]: [], [assets.espresso!.id]: [1100] });
      await del(alice, { assetIds: ids });
      expect((await cartOf(alice)).items).toEqual([]);
    });

    it('refuses an unknown asset, a withdrawn one and a missing format, changing nothing', async () => {
      await put(alice, { assetId: assets.crema!.id });
      expectError(await put(alice, { assetId: 99_999 }), 404, ErrorCodes.assetNotFound);
      expectError(await put(alice, { assetId: assets.withdrawn!.id }), 404, ErrorCodes.assetNotFound);
      expectError(
        await put(alice, { assetIds: [assets.espresso!.id, 99_999], format: 1100 }),
        404,
        ErrorCodes.assetNotFound,
      );
      expectError(
        await put(alice, { assetId: assets.crema!.id, format: 1400 }),
        400,
        ErrorCodes.cartFormatMissing,
        'format',
      );
      expectError(await del(alice, { assetId: 99_999 }), 404, ErrorCodes.assetNotFound);
      expect(await formatsOf(alice)).toEqual({ [assets.crema!.id]: [1100] });
    });

    it('refuses malformed bodies with a validation error', async () => {
      for (const body of [
        {},
        { assetId: 'x' },
        { assetId: -1 },
        { assetId: assets.crema!.id, format: 9999 },
        { assetIds: [] },
        { assetIds: [assets.crema!.id], format: 1100, extra: true },
        { assetId: assets.crema!.id, assetIds: [assets.crema!.id] },
      ]) {
        const answer = await put(alice, body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await cartOf(alice)).items).toEqual([]);
    });

    it('GET /cart/{id} answers one entry, 404 when not in the cart', async () => {
      await put(alice, { assetId: assets.crema!.id });
      const one = (await get(alice, `/api/cart/${assets.crema!.id}`)).json<CartAnswer>();
      expect(one.items.map((item) => item.id)).toEqual([assets.crema!.id]);
      expect(one.cartItems[0]!.files[0]).toMatchObject({ mediaType: 1100, fileId: assets.crema!.fileIds[0] });
      expectError(await get(alice, `/api/cart/${assets.espresso!.id}`), 404, ErrorCodes.notFound);
    });
  });

  describe('sizes', () => {
    it('answers the size of every chosen file, which the cart page sums up (issue 19.13)', async () => {
      await put(alice, { assetId: assets.espresso!.id, format: 1100 });
      await put(alice, { assetId: assets.espresso!.id, format: 1200 });
      const cart = await cartOf(alice);
      // The bytes the test world stored: 'jpeg espresso' and 'tiff espresso cmyk'.
      expect(
        cart.cartItems[0]!.files.map(({ mediaType, fileName, fileSize }) => ({
          mediaType,
          fileName,
          fileSize,
        })),
      ).toEqual([
        { mediaType: 1100, fileName: 'espresso.jpg', fileSize: 13 },
        { mediaType: 1200, fileName: 'espresso.tif', fileSize: 18 },
      ]);
      await del(alice, { assetId: assets.espresso!.id, format: 1100 });
      expect((await cartOf(alice)).cartItems[0]!.files.map((file) => file.fileSize)).toEqual([18]);
    });
  });

  describe('access', () => {
    it('lets every approved role use its own cart', async () => {
      for (const session of [alice, staff, await signInAs(t, 'super')]) {
        expect((await put(session, { assetId: assets.crema!.id })).statusCode).toBe(200);
        expect((await get(session, '/api/cart/all')).json<CartSummary>().count).toBe(1);
      }
    });
  });
});
