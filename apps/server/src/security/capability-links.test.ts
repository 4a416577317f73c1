import { ErrorCodes, type AssetAnswer, type MessagesAnswer, type Order } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageAsset,
  seedAsset,
  seedNodes,
  type SeededAsset,
} from '../modules/catalogue/testing/catalogue-seed.js';
import { ACTIVE_USER_TTL_MS } from '../platform/security/active-users.js';
import { multipartBody } from '../test/multipart.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../test/test-app.js';
import { expectError, signInAs } from '../test/users.js';

/**
 * Issue 17.4: links that work without a session — an original's file ticket (an hour), a bundle's
 * download link (fourteen days) and an order file's URL (an hour) — end with the account they were
 * issued to; an order file's URL also with its viewer's right to see the order.
 */
describeEachDatabase('capability links and the account behind them', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let asset: SeededAsset;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signInAs(t, 'super');
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    asset = await seedAsset(t, imageAsset(10, 1, 'Packshot'));
  });
  afterAll(() => t.close());

  const setActive = async (userId: number, active: boolean) => {
    const answer = await call(t.app, 'PATCH', `/api/admin/users/${userId}`, {
      token: admin.token,
      body: { active },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const linksOf = async (token: string) => {
    const { data } = (await call(t.app, 'GET', `/api/asset/${asset.id}`, { token })).json<AssetAnswer>();
    await call(t.app, 'PUT', '/api/cart/', { token, body: { assetIds: [asset.id] } });
    const made = await call(t.app, 'GET', '/api/cart/download', { token });
    expect(made.statusCode, made.body).toBe(200);
    return {
      original: data.originalTicket,
      bundle: `/api/download/${made.json<{ filename: string }>().filename}`,
    };
  };

  /** An order with one file, made by `token`'s user through the API; answers the order as they got it. */
  const orderWithFile = async (token: string): Promise<Order> => {
    const { body, contentType } = multipartBody({ name: 'Signierte Datei' }, [
      { filename: 'briefing.pdf', content: Buffer.from('%PDF-1.7\n% capability links\n') },
    ]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Order>();
  };
  const fileUrlFor = async (token: string, orderId: number): Promise<string> => {
    const answer = await call(t.app, 'GET', `/api/order/${orderId}`, { token });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Order>().files[0]!.url;
  };
  // No token: the URL alone, as an <img src> or a copied link would be.
  const open = (url: string) => call(t.app, 'GET', url);

  describe('order file URLs', () => {
    it('serve an internal user through a URL signed for them', async () => {
      const staff = await signInAs(t, 'internal');
      const order = await orderWithFile(staff.token);
      const url = order.files[0]!.url;
      expect(new URL(url, 'http://x').searchParams.get('u')).toBe(String(staff.row.id));
      const answer = await open(url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toBe('%PDF-1.7\n% capability links\n');
    });

    it("stop for an internal user once the order is completed; a super user's keep working", async () => {
      const staff = await signInAs(t, 'internal');
      const order = await orderWithFile(staff.token);
      const staffUrl = order.files[0]!.url;
      const bossUrl = await fileUrlFor(admin.token, order._id);
      const done = await call(t.app, 'POST', `/api/order/${order._id}`, {
        token: admin.token,
        body: { status: 'completed' },
      });
      expect(done.statusCode, done.body).toBe(200);

      expectError(await open(staffUrl), 404, ErrorCodes.orderFileNotFound);
      expect((await open(bossUrl)).statusCode).toBe(200);
      // The super user's view of the completed order signs URLs that work too (the app's <img> tags).
      expect((await open(await fileUrlFor(admin.token, order._id))).statusCode).toBe(200);
    });

    it('stop when the viewer is deactivated (410, at once) and work again on reactivation', async () => {
      const staff = await signInAs(t, 'internal');
      const url = (await orderWithFile(staff.token)).files[0]!.url;
      expect((await open(url)).statusCode).toBe(200);
      await setActive(staff.row.id, false);
      expectError(await open(url), 410, ErrorCodes.ticketExpired);
      await setActive(staff.row.id, true);
      expect((await open(url)).statusCode).toBe(200);
    });

    it('stop when the viewer is no longer staff (403)', async () => {
      const staff = await signInAs(t, 'internal');
      const url = (await orderWithFile(staff.token)).files[0]!.url;
      const demote = await call(t.app, 'PATCH', `/api/admin/users/${staff.row.id}`, {
        token: admin.token,
        body: { jde: false },
      });
      expect(demote.statusCode, demote.body).toBe(200);
      expectError(await open(url), 403, ErrorCodes.forbidden);
    });

    it("refuse a URL moved onto another user's id, and one without a viewer (403)", async () => {
      const staff = await signInAs(t, 'internal');
      const url = new URL((await orderWithFile(staff.token)).files[0]!.url, 'http://x');
      const other = new URL(url);
      other.searchParams.set('u', String(admin.row.id));
      expectError(await open(`${other.pathname}${other.search}`), 403, ErrorCodes.ticketInvalid);
      const without = new URL(url);
      without.searchParams.delete('u');
      expectError(await open(`${without.pathname}${without.search}`), 403, ErrorCodes.ticketInvalid);
    });
  });

  it('stops an original ticket and a download link when the account is deactivated, at once, and again on reactivation', async () => {
    const partner = await signInAs(t, 'registered');
    const links = await linksOf(partner.token);
    expect((await call(t.app, 'GET', links.original)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', links.bundle)).statusCode).toBe(200);

    await setActive(partner.row.id, false);
    expect((await call(t.app, 'GET', links.original)).statusCode).toBe(410);
    expect((await call(t.app, 'GET', links.bundle)).statusCode).toBe(410);
    await setActive(partner.row.id, true);
    expect((await call(t.app, 'GET', links.original)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', links.bundle)).statusCode).toBe(200);
  });

  it("stops a recipient's link (issue 20.2) with its sender's account, and revives it on reactivation", async () => {
    const partner = await signInAs(t, 'registered');
    await call(t.app, 'PUT', '/api/cart/', { token: partner.token, body: { assetIds: [asset.id] } });
    const sent = await call(t.app, 'POST', '/api/cart/send', {
      token: partner.token,
      body: { form: { email: 'empfang@example.org', copyCheckbox: false }, lang: 'de' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = (
      await call(t.app, 'GET', '/api/messages/', { token: partner.token })
    ).json<MessagesAnswer>().messages;
    const link = `/api/download/${message!.recipients[0]!.name}`;
    expect((await call(t.app, 'GET', link)).statusCode).toBe(200);
    await setActive(partner.row.id, false);
    expectError(await call(t.app, 'GET', link), 410, ErrorCodes.bundleExpired);
    expectError(await call(t.app, 'GET', `${link}/contents`), 410, ErrorCodes.bundleExpired);
    await setActive(partner.row.id, true);
    expect((await call(t.app, 'GET', `${link}/contents`)).statusCode).toBe(200);
  });

  it('stops them when the account deletes itself', async () => {
    const partner = await signInAs(t, 'registered');
    const links = await linksOf(partner.token);
    const gone = await call(t.app, 'DELETE', '/api/user/', {
      token: partner.token,
      body: { password: partner.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call(t.app, 'GET', links.original)).statusCode).toBe(410);
    expect([404, 410]).toContain((await call(t.app, 'GET', links.bundle)).statusCode);
  });

  it('a deactivation made elsewhere (another instance, the database) counts within the remembered time', async () => {
    const partner = await signInAs(t, 'registered');
    const links = await linksOf(partner.token);
    expect((await call(t.app, 'GET', links.original)).statusCode).toBe(200);
    await t.context.database.db
      .updateTable('users')
      .set({ deactivated_at: t.clock.now() })
      .where('id', '=', partner.row.id)
      .execute();
    t.clock.advance(ACTIVE_USER_TTL_MS + 1);
    expect((await call(t.app, 'GET', links.original)).statusCode).toBe(410);
    expect((await call(t.app, 'GET', links.bundle)).statusCode).toBe(410);
  });
});
