import {
  ErrorCodes,
  LIST_MAX_SHARES,
  LISTS_MAX_PER_USER,
  type CartSummary,
  type ListAnswer,
  type ListsAnswer,
} from '@mediabox/contract';
import { beforeAll, expect, it } from 'vitest';
import { accountInState, mintSession } from '../../test/principals.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { createAccount, expectError, signInAs } from '../../test/users.js';
import { imageAsset, seedAsset, seedNodes, type SeededAsset } from '../catalogue/testing/catalogue-seed.js';

type Session = Awaited<ReturnType<typeof signInAs>>;

describeEachDatabase('lists API', (dialect) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let carol: Session;
  let boss: Session;
  let crema: SeededAsset;
  let espresso: SeededAsset;
  let ristretto: SeededAsset;
  let hidden: SeededAsset;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [alice, bob, carol, boss] = await Promise.all([
      signInAs(t, 'registered'),
      signInAs(t, 'registered'),
      signInAs(t, 'registered'),
      signInAs(t, 'super'),
    ]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 12, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
    ]);
    crema = await seedAsset(t, imageAsset(12, 1, 'Caffè Crema', { en: 'Coffee cream' }));
    espresso = await seedAsset(t, imageAsset(12, 1, 'Espresso'));
    ristretto = await seedAsset(t, imageAsset(12, 1, 'Ristretto'));
    hidden = await seedAsset(t, { ...imageAsset(12, 1, 'Zurückgezogen'), withdrawn: true });
    return () => t.close();
  });

  const as = (
    who: { token: string },
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) => call(t.app, method, url, { token: who.token, ...(body === undefined ? {} : { body }) });

  async function createList(who: Session, name: string): Promise<ListAnswer> {
    const answer = await as(who, 'POST', '/api/lists', { name });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<ListAnswer>();
  }

  it('creates, renames, fills and empties a list of my own', async () => {
    const created = await createList(alice, '  Messe Frühjahr 2027 ');
    expect(created).toMatchObject({ mine: true, items: [], shares: [] });
    expect(created.list).toMatchObject({
      name: 'Messe Frühjahr 2027',
      itemCount: 0,
      owner: 'Test registered',
    });
    const id = created.list.id;

    const renamed = await as(alice, 'PATCH', `/api/lists/${id}`, { name: 'Messe 2027' });
    expect(renamed.json<ListAnswer>().list.name).toBe('Messe 2027');

    const added = await as(alice, 'PUT', `/api/lists/${id}/items`, {
      assetIds: [espresso.id, crema.id, espresso.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const filled = added.json<ListAnswer>();
    expect(filled.items.map((item) => item.assetId)).toEqual([espresso.id, crema.id]);
    expect(filled.items.every((item) => !item.withdrawn && item.asset !== null)).toBe(true);
    expect(filled.items[1]!.name).toEqual({ de: 'Caffè Crema', en: 'Coffee cream' });
    expect(filled.list.itemCount).toBe(2);

    const removed = await as(alice, 'DELETE', `/api/lists/${id}/items`, { assetIds: [espresso.id, 99_999] });
    expect(removed.json<ListAnswer>().items.map((item) => item.assetId)).toEqual([crema.id]);

    const overview = (await as(alice, 'GET', '/api/lists')).json<ListsAnswer>();
    expect(overview.own).toContainEqual(expect.objectContaining({ id, name: 'Messe 2027', itemCount: 1 }));

    expect((await as(alice, 'DELETE', `/api/lists/${id}`)).statusCode).toBe(204);
    expectError(await as(alice, 'GET', `/api/lists/${id}`), 404, ErrorCodes.listNotFound);
  });

  it('refuses bad names, unknown and withdrawn assets, changing nothing', async () => {
    expectError(await as(alice, 'POST', '/api/lists', { name: '   ' }), 400, ErrorCodes.required, 'name');
    expectError(
      await as(alice, 'POST', '/api/lists', { name: 'x'.repeat(121) }),
      400,
      ErrorCodes.tooLong,
      'name',
    );
    const id = (await createList(alice, 'Refusals')).list.id;
    expectError(
      await as(alice, 'PUT', `/api/lists/${id}/items`, { assetIds: [crema.id, 99_999] }),
      404,
      ErrorCodes.assetNotFound,
    );
    expectError(
      await as(alice, 'PUT', `/api/lists/${id}/items`, { assetIds: [crema.id, hidden.id] }),
      409,
      ErrorCodes.listAssetWithdrawn,
    );
    expect((await as(alice, 'GET', `/api/lists/${id}`)).json<ListAnswer>().items).toEqual([]);
  });

  it('shows an asset withdrawn after it was added as withdrawn, without its files', async () => {
    const victim = await seedAsset(t, imageAsset(12, 1, 'Lungo'));
    const id = (await createList(alice, 'Withdrawn later')).list.id;
    await as(alice, 'PUT', `/api/lists/${id}/items`, { assetIds: [crema.id, victim.id] });
    const withdrawn = await as(boss, 'POST', `/api/admin/catalogue/assets/${victim.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const answer = await as(alice, 'GET', `/api/lists/${id}`);
    const items = answer.json<ListAnswer>().items;
    expect(items[1]).toEqual({ assetId: victim.id, name: { de: 'Lungo' }, withdrawn: true, asset: null });
    // No ticket of the withdrawn asset's files anywhere in the answer.
    const fileIds = (
      await t.context.database.db
        .selectFrom('asset_files')
        .select('id')
        .where('asset_id', '=', victim.id)
        .execute()
    ).map((row) => row.id);
    for (const fileId of fileIds) expect(answer.body).not.toContain(`/api/file/${fileId}/`);

    // Into the cart: the withdrawn one is skipped.
    const cart = await as(alice, 'POST', `/api/lists/${id}/cart`);
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json<CartSummary>()).toMatchObject({ skipped: [victim.id] });
    expect(cart.json<CartSummary>().assetIds).toContain(crema.id);
    expect(cart.json<CartSummary>().assetIds).not.toContain(victim.id);
  });

  it('shares read-only: the reader sees it under shared, reads it, puts it into their cart, changes nothing', async () => {
    const id = (await createList(alice, 'Geteilt')).list.id;
    await as(alice, 'PUT', `/api/lists/${id}/items`, { assetIds: [ristretto.id] });
    const shared = await as(alice, 'POST', `/api/lists/${id}/shares`, {
      email: ` ${bob.email.toUpperCase()} `,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json<ListAnswer>().shares).toEqual([
      expect.objectContaining({ userId: bob.row.id, email: bob.email, name: 'Test registered' }),
    ]);

    const overview = (await as(bob, 'GET', '/api/lists')).json<ListsAnswer>();
    expect(overview.shared).toContainEqual(
      expect.objectContaining({ id, name: 'Geteilt', owner: 'Test registered' }),
    );
    expect(overview.own.map((list) => list.id)).not.toContain(id);

    const read = (await as(bob, 'GET', `/api/lists/${id}`)).json<ListAnswer>();
    expect(read).toMatchObject({ mine: false, shares: [] });
    expect(read.items.map((item) => item.assetId)).toEqual([ristretto.id]);

    const cart = await as(bob, 'POST', `/api/lists/${id}/cart`);
    expect(cart.json<CartSummary>().assetIds).toContain(ristretto.id);

    for (const [method, url, body] of [
      ['PATCH', `/api/lists/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/lists/${id}`, undefined],
      ['PUT', `/api/lists/${id}/items`, { assetIds: [crema.id] }],
      ['DELETE', `/api/lists/${id}/items`, { assetIds: [ristretto.id] }],
      ['POST', `/api/lists/${id}/shares`, { email: carol.email }],
      ['DELETE', `/api/lists/${id}/shares/${bob.row.id}`, undefined],
    ] as const) {
      expectError(await as(bob, method, url, body), 404, ErrorCodes.listNotFound);
    }
    const after = (await as(alice, 'GET', `/api/lists/${id}`)).json<ListAnswer>();
    expect(after.list.name).toBe('Geteilt');
    expect(after.items.map((item) => item.assetId)).toEqual([ristretto.id]);
    expect(after.shares).toHaveLength(1);

    // Unshared: gone for the reader.
    const unshared = await as(alice, 'DELETE', `/api/lists/${id}/shares/${bob.row.id}`);
    expect(unshared.json<ListAnswer>().shares).toEqual([]);
    expectError(await as(bob, 'GET', `/api/lists/${id}`), 404, ErrorCodes.listNotFound);
  });

  it("answers 404 for another user's list, to every call", async () => {
    const id = (await createList(alice, 'Privat')).list.id;
    for (const [method, url, body] of [
      ['GET', `/api/lists/${id}`, undefined],
      ['POST', `/api/lists/${id}/cart`, undefined],
      ['PATCH', `/api/lists/${id}`, { name: 'x' }],
      ['DELETE', `/api/lists/${id}`, undefined],
      ['PUT', `/api/lists/${id}/items`, { assetIds: [crema.id] }],
      ['POST', `/api/lists/${id}/shares`, { email: carol.email }],
    ] as const) {
      expectError(await as(carol, method, url, body), 404, ErrorCodes.listNotFound);
    }
    expect((await as(carol, 'GET', '/api/lists')).json<ListsAnswer>()).toEqual({ own: [], shared: [] });
  });

  it('shares only with approved, active users other than the owner', async () => {
    const id = (await createList(alice, 'Share refusals')).list.id;
    const waitingId = await accountInState(t, 'waitingApproval');
    const waiting = await t.context.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', waitingId)
      .executeTakeFirstOrThrow();
    for (const email of ['nobody@partner.example', waiting.email]) {
      expectError(
        await as(alice, 'POST', `/api/lists/${id}/shares`, { email }),
        404,
        ErrorCodes.listShareUnknownUser,
      );
    }
    expectError(
      await as(alice, 'POST', `/api/lists/${id}/shares`, { email: alice.email }),
      400,
      ErrorCodes.listShareSelf,
    );
    expectError(
      await as(alice, 'POST', `/api/lists/${id}/shares`, { email: 'no address' }),
      400,
      ErrorCodes.invalidEmail,
      'email',
    );
  });

  it('keeps the limits of lists per user and shares per list', async () => {
    const owner = await signInAs(t, 'registered');
    for (let i = 0; i < LISTS_MAX_PER_USER; i += 1) await createList(owner, `L${i}`);
    expectError(await as(owner, 'POST', '/api/lists', { name: 'one more' }), 400, ErrorCodes.listTooMany);

    const id = (await as(owner, 'GET', '/api/lists')).json<ListsAnswer>().own[0]!.id;
    const readers = await Promise.all(
      Array.from({ length: LIST_MAX_SHARES + 1 }, () => createAccount(t, 'registered')),
    );
    for (const reader of readers.slice(0, LIST_MAX_SHARES)) {
      expect((await as(owner, 'POST', `/api/lists/${id}/shares`, { email: reader.email })).statusCode).toBe(
        200,
      );
    }
    expectError(
      await as(owner, 'POST', `/api/lists/${id}/shares`, { email: readers.at(-1)!.email }),
      400,
      ErrorCodes.listTooManyShares,
    );
  });

  it('refuses guests (401) and accounts waiting for approval', async () => {
    expect((await call(t.app, 'GET', '/api/lists')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/lists', { body: { name: 'x' } })).statusCode).toBe(401);
    const token = await mintSession(t, await accountInState(t, 'waitingApproval'));
    expect((await call(t.app, 'GET', '/api/lists', { token })).statusCode).toBeGreaterThanOrEqual(401);
    expect((await call(t.app, 'GET', '/api/lists', { token })).statusCode).toBeLessThan(404);
  });
});
