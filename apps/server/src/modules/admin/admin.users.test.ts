import {
  ErrorCodes,
  type AdminUserAnswer,
  type AdminUsersAnswer,
  type AuditAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, logIn, nextIp, signInAs, uniqueEmail } from '../../test/users.js';
import { auditOf, confirmedRegistration, unconfirmedRegistration } from './testing/admin-helpers.js';

describeEachDatabase('admin users', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signInAs(t, 'super');
  });
  afterAll(() => t.close());

  const users = async (query: string) => {
    const response = await call(t.app, 'GET', `/api/admin/users?${query}`, { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminUsersAnswer>();
  };
  const emailsOf = (answer: AdminUsersAnswer) => answer.users.map((user) => user.email);
  const patch = (id: number, body: unknown, token = admin.token) =>
    call(t.app, 'PATCH', `/api/admin/users/${id}`, { token, body });
  const create = (input: {
    firstname: string;
    lastname: string;
    company: string;
    lang?: 'de' | 'en' | 'fr';
  }) =>
    t.context.accounts.createUser({
      email: uniqueEmail(input.lastname.toLowerCase()),
      password: 'Secret-pass-1',
      ...input,
    });

  describe('search and filters', () => {
    const found: Record<string, string> = {};

    beforeAll(async () => {
      found.anna = (
        await create({ firstname: 'Anna', lastname: 'Zebrafink', company: 'Zebra Röstung GmbH' })
      ).email;
      t.clock.advance(1000);
      found.bert = (
        await create({ firstname: 'Bert', lastname: 'Quokka', company: 'ZEBRA Röstung GmbH', lang: 'en' })
      ).email;
      t.clock.advance(1000);
      found.percent = (
        await create({ firstname: 'Carla', lastname: 'Prozent', company: '100% Zebra AG' })
      ).email;
    });

    it('finds by name, full name, e-mail and company, case-insensitively, newest first', async () => {
      expect(emailsOf(await users('query=zebra'))).toEqual([found.percent, found.bert, found.anna]);
      expect(emailsOf(await users('query=ANNA%20zebra'))).toEqual([found.anna]);
      expect(emailsOf(await users('query=quokka'))).toEqual([found.bert]);
      expect(emailsOf(await users(`query=${encodeURIComponent(found.bert!.slice(0, 10))}`))).toContain(
        found.bert,
      );
      // % and _ typed by the user are literal characters, not wildcards.
      expect(emailsOf(await users('query=100%25'))).toEqual([found.percent]);
      expect(emailsOf(await users('query=%25%25'))).toEqual([]);
    });

    it('filters by exact company and by language, and pages with a total', async () => {
      const byCompany = await users(`company=${encodeURIComponent('zebra röstung gmbh')}`);
      expect(emailsOf(byCompany)).toEqual([found.bert, found.anna]);
      expect(byCompany.total).toBe(2);
      expect(emailsOf(await users('query=zebra&lang=en'))).toEqual([found.bert]);

      const first = await users('query=zebra&limit=2');
      const second = await users('query=zebra&limit=2&offset=2');
      expect(first.total).toBe(3);
      expect(second.total).toBe(3);
      expect([...emailsOf(first), ...emailsOf(second)]).toEqual([found.percent, found.bert, found.anna]);
    });

    it('folds umlauts in any case the same way on both databases (SQLite’s lower() folds ASCII only)', async () => {
      const shouting = await create({ firstname: 'JÜRGEN', lastname: 'MÜLLER', company: 'ÖKO GMBH' });
      t.clock.advance(1000);
      const plain = await create({ firstname: 'Jürgen', lastname: 'Müller', company: 'öko gmbh' });
      t.clock.advance(1000);
      const mixed = await create({ firstname: 'jürgen', lastname: 'MüLLER', company: 'Öko GmbH' });
      const all = [mixed.email, plain.email, shouting.email];

      for (const query of ['müller', 'MÜLLER', 'mÜller', 'Jürgen MÜLLER', 'öko g']) {
        expect(emailsOf(await users(`query=${encodeURIComponent(query)}`)), query).toEqual(all);
      }
      for (const company of ['öko gmbh', 'ÖKO GMBH', 'Öko GmbH']) {
        const byCompany = await users(`company=${encodeURIComponent(company)}`);
        expect(emailsOf(byCompany), company).toEqual(all);
        expect(byCompany.total).toBe(3);
      }
      expect(emailsOf(await users(`company=${encodeURIComponent('öko')}`))).toEqual([]);
    });

    it('filters by state; every account is in exactly one', async () => {
      const pending = await unconfirmedRegistration(t);
      const waiting = await confirmedRegistration(t);
      const rejected = await confirmedRegistration(t);
      await call(t.app, 'POST', `/api/admin/registrations/${rejected.id}/reject`, { token: admin.token });
      const deactivated = await create({ firstname: 'Dora', lastname: 'Deaktiviert', company: 'Alt AG' });
      await patch(deactivated.id, { active: false });

      const byState = async (state: string) => emailsOf(await users(`state=${state}&limit=200`));
      expect(await byState('pendingConfirmation')).toContain(pending.email);
      expect(await byState('waitingApproval')).toContain(waiting.email);
      expect(await byState('rejected')).toContain(rejected.email);
      expect(await byState('deactivated')).toContain(deactivated.email);
      expect(await byState('active')).toContain(admin.email);

      const all = (await users('limit=200')).total;
      let sum = 0;
      for (const state of ['pendingConfirmation', 'waitingApproval', 'active', 'deactivated', 'rejected']) {
        sum += (await users(`state=${state}`)).total;
      }
      expect(sum).toBe(all);
      const [one] = (await users(`query=${encodeURIComponent(waiting.email)}`)).users;
      expect(one).toMatchObject({ email: waiting.email, state: 'waitingApproval', approvedAt: null });
    });
  });

  it('shows last login and the number of recorded downloads', async () => {
    const user = await signInAs(t, 'registered');
    for (let i = 0; i < 3; i += 1) {
      await t.context.database.db
        .insertInto('download_events')
        .values({
          at: t.clock.now(),
          kind: 'file',
          bundle_id: null,
          asset_id: null,
          file_id: null,
          media_type: null,
          user_id: user.row.id,
          audience: 'external',
        })
        .execute();
    }
    const response = await call(t.app, 'GET', `/api/admin/users/${user.row.id}`, { token: admin.token });
    expect(response.json<AdminUserAnswer>().user).toMatchObject({
      userId: user.row.id,
      state: 'active',
      lastLoginAt: new Date(t.clock.now()).toISOString(),
      downloadCount: 3,
      jde: false,
      isSuperUser: false,
    });
    const [listed] = (await users(`query=${encodeURIComponent(user.email)}`)).users;
    expect(listed?.downloadCount).toBe(3);
    expectError(
      await call(t.app, 'GET', '/api/admin/users/999999', { token: admin.token }),
      404,
      ErrorCodes.adminUserNotFound,
    );
  });

  it('deactivation ends every session at once; reactivation lets the user sign in again, old tokens stay dead', async () => {
    const user = await signInAs(t, 'registered');
    const second = await logIn(t, user.email, user.password);
    expect((await call(t.app, 'GET', '/api/user/', { token: user.token })).statusCode).toBe(200);

    const off = await patch(user.row.id, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<AdminUserAnswer>().user).toMatchObject({
      state: 'deactivated',
      deactivatedAt: new Date(t.clock.now()).toISOString(),
    });
    for (const token of [user.token, second.token]) {
      expectError(await call(t.app, 'GET', '/api/user/', { token }), 401, ErrorCodes.unauthorized);
    }
    const sessions = await t.context.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.row.id)
      .execute();
    expect(sessions).toEqual([]);
    expectError(
      await call(t.app, 'POST', '/api/user/login', {
        body: { username: user.email, password: user.password },
        ip: nextIp(),
      }),
      403,
      ErrorCodes.accountDeactivated,
    );

    const on = await patch(user.row.id, { active: true });
    expect(on.json<AdminUserAnswer>().user).toMatchObject({ state: 'active', deactivatedAt: null });
    expectError(await call(t.app, 'GET', '/api/user/', { token: user.token }), 401, ErrorCodes.unauthorized);
    const again = await logIn(t, user.email, user.password);
    expect((await call(t.app, 'GET', '/api/user/', { token: again.token })).statusCode).toBe(200);

    const entries = await auditOf(t, admin.token, { type: 'user', id: user.row.id });
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        'user.reactivate',
        { state: 'deactivated', deactivatedAt: expect.any(String) },
        { state: 'active', deactivatedAt: null },
      ],
      [
        'user.deactivate',
        { state: 'active', deactivatedAt: null },
        { state: 'deactivated', deactivatedAt: expect.any(String) },
      ],
    ]);
  });

  it('sets and unsets internal and super-user flags, effective on the next call, one audit row per change', async () => {
    const user = await signInAs(t, 'registered');
    expect((await call(t.app, 'GET', '/api/order/count', { token: user.token })).statusCode).toBe(403);

    const promoted = await patch(user.row.id, { jde: true, isSuperUser: true });
    expect(promoted.json<AdminUserAnswer>().user).toMatchObject({ jde: true, isSuperUser: true });
    expect((await call(t.app, 'GET', '/api/order/count', { token: user.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/audit', { token: user.token })).statusCode).toBe(200);

    const demoted = await patch(user.row.id, { jde: false, isSuperUser: false });
    expect(demoted.json<AdminUserAnswer>().user).toMatchObject({ jde: false, isSuperUser: false });
    expect((await call(t.app, 'GET', '/api/admin/audit', { token: user.token })).statusCode).toBe(403);

    // Asking for what is already so changes nothing and writes nothing.
    await patch(user.row.id, { jde: false, active: true });

    const entries = await auditOf(t, admin.token, { type: 'user', id: user.row.id });
    // Newest first; the two of one call in the order they were written.
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['user.setSuperUser', { isSuperUser: true }, { isSuperUser: false }],
      ['user.setInternal', { jde: true }, { jde: false }],
      ['user.setSuperUser', { isSuperUser: false }, { isSuperUser: true }],
      ['user.setInternal', { jde: false }, { jde: true }],
    ]);
    expect(entries.every((entry) => entry.actor.userId === admin.row.id)).toBe(true);
  });

  it('refuses a super user removing their own super-user flag or deactivating themself', async () => {
    expectError(await patch(admin.row.id, { isSuperUser: false }), 409, ErrorCodes.adminSelfChange);
    expectError(await patch(admin.row.id, { active: false }), 409, ErrorCodes.adminSelfChange);
    expectError(await patch(admin.row.id, { jde: false, active: false }), 409, ErrorCodes.adminSelfChange);
    const me = (
      await call(t.app, 'GET', `/api/admin/users/${admin.row.id}`, { token: admin.token })
    ).json<AdminUserAnswer>().user;
    expect(me).toMatchObject({ isSuperUser: true, state: 'active', jde: true });
    // What does not lower one's own rights is allowed.
    expect((await patch(admin.row.id, { isSuperUser: true, active: true })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/users', { token: admin.token })).statusCode).toBe(200);
  });

  it('answers the audit log newest first, filtered by action and paged', async () => {
    const target = await signInAs(t, 'registered');
    await patch(target.row.id, { jde: true });
    t.clock.advance(1000);
    await patch(target.row.id, { active: false });
    t.clock.advance(1000);
    await patch(target.row.id, { active: true });

    const all = (await call(t.app, 'GET', '/api/admin/audit', { token: admin.token })).json<AuditAnswer>();
    const times = all.entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.entries[0]).toMatchObject({
      action: 'user.reactivate',
      targetType: 'user',
      targetId: target.row.id,
      actor: { userId: admin.row.id, email: admin.email },
    });

    const deactivations = (
      await call(t.app, 'GET', '/api/admin/audit?action=user.deactivate', { token: admin.token })
    ).json<AuditAnswer>();
    expect(deactivations.entries.length).toBeGreaterThan(0);
    expect(deactivations.entries.every((entry) => entry.action === 'user.deactivate')).toBe(true);
    expect(deactivations.total).toBe(deactivations.entries.length);

    const page = (
      await call(t.app, 'GET', '/api/admin/audit?limit=1&offset=1', { token: admin.token })
    ).json<AuditAnswer>();
    expect(page.entries.map((entry) => entry.id)).toEqual([all.entries[1]!.id]);
    expect(page.total).toBe(all.total);
  });
});
