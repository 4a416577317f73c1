import type { CartAnswer, DownloadsAnswer, GetUserAnswer, MessagesAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageAsset, seedAsset, seedNodes } from '../modules/catalogue/testing/catalogue-seed.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../test/test-app.js';
import { signInAs } from '../test/users.js';
import { databaseFingerprint } from '../test/database-fingerprint.js';

type Session = Awaited<ReturnType<typeof signInAs>>;

/**
 * The objects of one account (cart, bundles, messages, downloads, profile) are reachable only with
 * that account's session: another signed-in user of any role neither sees nor changes them.
 * Orders are the staff's shared workspace (spec 6), so only the partner/staff line is checked there.
 */
describeEachDatabase('other users’ objects', (dialect) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let staff: Session;
  let assetId: number;
  let bundle: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [alice, bob, staff] = await Promise.all([
      signInAs(t, 'registered'),
      signInAs(t, 'registered'),
      signInAs(t, 'super'),
    ]);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      { id: 12, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
    ]);
    assetId = (await seedAsset(t, imageAsset(12, 1, 'Caffè Crema'))).id;

    expect((await as(alice, 'PUT', '/api/cart/', { assetId })).statusCode).toBe(200);
    bundle = (await as(alice, 'GET', '/api/cart/download')).json<{ filename: string }>().filename;
    const sent = await as(alice, 'POST', '/api/cart/send', {
      form: { email: 'kunde@example.org', subject: 'Bilder', text: 'Hallo', copyCheckbox: false },
      lang: 'de',
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });
  afterAll(() => t.close());

  const as = (session: Session, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, { token: session.token, ...(body === undefined ? {} : { body }) });

  it('shows nobody else Alice’s cart, bundles, messages or profile', async () => {
    for (const other of [bob, staff]) {
      expect((await as(other, 'GET', `/api/cart/${assetId}`)).statusCode).toBe(404);
      expect((await as(other, 'GET', '/api/cart/')).json<CartAnswer>().items).toEqual([]);
      expect((await as(other, 'GET', '/api/downloads/')).json<DownloadsAnswer>().downloads).toEqual([]);
      expect((await as(other, 'GET', '/api/messages/')).json<MessagesAnswer>().messages).toEqual([]);
      const profile = (await as(other, 'GET', '/api/user/')).json<GetUserAnswer>();
      expect(JSON.stringify(profile)).not.toContain(alice.email);
    }
    // Alice herself sees all of it: the empty lists above are not an empty database.
    expect((await as(alice, 'GET', `/api/cart/${assetId}`)).statusCode).toBe(200);
    const downloads = (await as(alice, 'GET', '/api/downloads/')).json<DownloadsAnswer>().downloads;
    expect(downloads.map((download) => download.filename)).toContain(bundle);
    expect((await as(alice, 'GET', '/api/messages/')).json<MessagesAnswer>().messages).toHaveLength(1);
  });

  it('lets nobody else change them: clearing, removing and profile edits stay in the caller’s account', async () => {
    const before = await databaseFingerprint(t);
    await as(bob, 'POST', '/api/cart/clear');
    await as(bob, 'DELETE', '/api/cart/', { assetId });
    const edit = await as(bob, 'POST', '/api/user/', {
      user: { firstname: 'Bob', lastname: 'Other', company: 'Andere AG' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await databaseFingerprint(t);
    // Only Bob's own row may differ (his profile edit; his cart was empty already).
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    expect(changed).toEqual(['users']);
    const aliceAnswer = (await as(alice, 'GET', '/api/user/')).json<GetUserAnswer>();
    expect(JSON.stringify(aliceAnswer)).not.toContain('Andere AG');
    expect((await as(alice, 'GET', `/api/cart/${assetId}`)).statusCode).toBe(200);
  });

  it('keeps partners out of the staff’s orders', async () => {
    const order = await as(staff, 'PUT', '/api/order', { name: 'Neues Packshot' });
    expect(order.statusCode, order.body).toBe(200);
    const id = order.json<{ _id: number }>()._id;
    for (const [method, url] of [
      ['GET', `/api/order/${id}`],
      ['POST', `/api/order/${id}`],
      ['DELETE', `/api/order/${id}`],
      ['GET', '/api/order'],
    ] as const) {
      const answer = await as(alice, method, url, method === 'GET' ? undefined : { status: 'accepted' });
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(403);
    }
  });
});
