import type { AssetAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  imageAsset,
  seedAsset,
  seedNodes,
  type SeededAsset,
} from '../modules/catalogue/testing/catalogue-seed.js';
import { ACTIVE_USER_TTL_MS } from '../platform/security/active-users.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../test/test-app.js';
import { signInAs } from '../test/users.js';

/**
 * Issue 17.4: links that work without a session — an original's file ticket (an hour) and a
 * bundle's download link (fourteen days) — end with the account they were issued to.
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
