import { ErrorCodes, StoredUser } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkIn } from '../../test/mails.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import {
  apiPathOf,
  createAccount,
  expectError,
  logIn,
  nextIp,
  signInAs,
  signUp,
  uniqueEmail,
} from '../../test/users.js';

const MINUTE = 60 * 1000;

const login = (t: TestApp, username: string, password: string, ip = nextIp()) =>
  call(t.app, 'POST', '/api/user/login', { body: { username, password }, ip });

describeEachDatabase('account lifecycle and login (POST /api/user/login)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('refuses login until the e-mail is confirmed and an administrator approved, then signs in', async () => {
    const { email, password, confirm } = await signUp(t, { lang: 'fr' });

    // Registered: the state is told only to someone who knows the password.
    expectError(await login(t, email, password), 403, ErrorCodes.notVerified);
    expectError(await login(t, email, 'Wrong-password-1'), 401, ErrorCodes.wrongCredentials);

    // E-mail confirmed through the link of the mail.
    expect((await call(t.app, 'POST', apiPathOf(confirm), { ip: nextIp() })).statusCode).toBe(200);
    expectError(await login(t, email, password), 403, ErrorCodes.notActivated);

    // Activated by an administrator: the activation mail goes out in the user's language.
    await t.context.admin.approveByEmail(email);
    const activation = await lastMailTo(t, email);
    expect(activation.subject).toBe('Votre compte Mediabox est activé');
    expect(linkIn(activation, '/login').url).toBe('http://portal.test/login');

    const response = await login(t, email.toUpperCase(), password);
    expect(response.statusCode, response.body).toBe(200);
    const user = StoredUser.parse(response.json());
    expect(user).toMatchObject({
      userName: email,
      firstname: 'Erika',
      lastname: 'Muster',
      jde: false,
      isSuperUser: false,
      lang: 'fr',
    });
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(response.body).not.toContain('password');

    const me = await call(t.app, 'GET', '/api/user/', { token: user.token });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: { user: { userName: string } } }>().data.user.userName).toBe(email);
  });

  it('approval before confirmation still waits for the confirmation', async () => {
    const { email, password, confirm } = await signUp(t);
    await t.context.admin.approveByEmail(email);
    expectError(await login(t, email, password), 403, ErrorCodes.notVerified);
    await call(t.app, 'POST', apiPathOf(confirm), { ip: nextIp() });
    expect((await login(t, email, password)).statusCode).toBe(200);
  });

  it('answers the same wrongCredentials for an unknown address and for a wrong password', async () => {
    const { email } = await createAccount(t, 'registered');
    expectError(await login(t, uniqueEmail('nobody'), 'Whatever-123'), 401, ErrorCodes.wrongCredentials);
    expectError(await login(t, email, 'Whatever-123'), 401, ErrorCodes.wrongCredentials);
  });

  it('refuses a deactivated account with its own code and ends its sessions', async () => {
    const account = await signInAs(t, 'registered');
    await t.context.database.db
      .updateTable('users')
      .set({ deactivated_at: t.clock.now() })
      .where('id', '=', account.row.id)
      .execute();
    expectError(await login(t, account.email, account.password), 403, ErrorCodes.accountDeactivated);
    expectError(
      await call(t.app, 'GET', '/api/user/', { token: account.token }),
      401,
      ErrorCodes.unauthorized,
    );
  });

  it('gives each login its own token; signs in staff as jde and super users as such', async () => {
    const staff = await createAccount(t, 'internal');
    const first = await logIn(t, staff.email, staff.password);
    const second = await logIn(t, staff.email, staff.password);
    expect(first.token).not.toBe(second.token);
    expect(first).toMatchObject({ jde: true, isSuperUser: false });
    const admin = await signInAs(t, 'super');
    expect(admin.user).toMatchObject({ isSuperUser: true, jde: true });
  });

  describe('validation', () => {
    const cases: [string, unknown, string][] = [
      ['a malformed e-mail', { username: 'not-an-address', password: 'x' }, ErrorCodes.invalidEmail],
      ['an empty password', { username: 'a@partner.example', password: '' }, ErrorCodes.required],
      ['a missing password', { username: 'a@partner.example' }, ErrorCodes.validation],
      [
        'a password that is a number',
        { username: 'a@partner.example', password: 12345678 },
        ErrorCodes.validation,
      ],
      [
        'a password of 10 000 characters',
        { username: 'a@partner.example', password: 'p'.repeat(10_000) },
        ErrorCodes.validation,
      ],
      [
        'a username of 100 000 characters',
        { username: `${'u'.repeat(100_000)}@partner.example`, password: 'x' },
        ErrorCodes.invalidEmail,
      ],
      ['an array', [], ErrorCodes.validation],
    ];
    it.each(cases)('refuses %s with 400', async (_name, body, code) => {
      expectError(await call(t.app, 'POST', '/api/user/login', { body, ip: nextIp() }), 400, code);
    });

    it('refuses a missing body with 400', async () => {
      const response = await call(t.app, 'POST', '/api/user/login', { ip: nextIp() });
      expect(response.statusCode).toBe(400);
    });
  });
});

describeEachDatabase('sessions: logout, dead tokens', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('revokes the token at logout; the other session of the user keeps working', async () => {
    const account = await signInAs(t, 'registered');
    const other = await logIn(t, account.email, account.password);
    const response = await call(t.app, 'POST', '/api/user/logout', { token: account.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expectError(
      await call(t.app, 'GET', '/api/user/', { token: account.token }),
      401,
      ErrorCodes.unauthorized,
    );
    expectError(
      await call(t.app, 'POST', '/api/user/logout', { token: account.token }),
      401,
      ErrorCodes.unauthorized,
    );
    expect((await call(t.app, 'GET', '/api/user/', { token: other.token })).statusCode).toBe(200);
  });

  it('answers 401 for a missing, unknown, malformed or non-bearer token', async () => {
    const headers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { authorization: 'Bearer short' },
      { authorization: 'Bearer ../../etc/passwd' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: `Bearer ${'x'.repeat(5000)}` },
    ];
    for (const header of headers) {
      const response = await call(t.app, 'GET', '/api/user/', { headers: header });
      expectError(response, 401, ErrorCodes.unauthorized);
    }
  });

  it('keeps a used session alive until 30 days after its sign-in, then ends it like an unused one', async () => {
    const idle = await signInAs(t, 'registered');
    const active = await signInAs(t, 'registered');
    for (let day = 3; day < 30; day += 3) {
      t.clock.advance(3 * 24 * 60 * MINUTE);
      expect((await call(t.app, 'GET', '/api/user/', { token: active.token })).statusCode).toBe(200);
    }
    t.clock.advance(3 * 24 * 60 * MINUTE);
    expectError(await call(t.app, 'GET', '/api/user/', { token: idle.token }), 401, ErrorCodes.unauthorized);
    expectError(
      await call(t.app, 'GET', '/api/user/', { token: active.token }),
      401,
      ErrorCodes.unauthorized,
    );
  });
});

describeEachDatabase('login rate limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("an attacker's failures at one address do not stop the real user at another; the window ends after 15 minutes", async () => {
    const victim = await createAccount(t, 'registered');
    const attacker = nextIp();
    for (let i = 0; i < 5; i += 1) {
      expectError(
        await login(t, victim.email, `Guess-${i}-xxxx`, attacker),
        401,
        ErrorCodes.wrongCredentials,
      );
    }
    // Locked at that address, even with the right password.
    const limited = await login(t, victim.email, victim.password, attacker);
    expectError(limited, 429, ErrorCodes.rateLimited);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The real user, elsewhere, signs in.
    expect((await login(t, victim.email, victim.password, nextIp())).statusCode).toBe(200);

    t.clock.advance(10 * MINUTE);
    const later = await login(t, victim.email, victim.password, attacker);
    expectError(later, 429, ErrorCodes.rateLimited);
    expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(5 * 60);

    t.clock.advance(5 * MINUTE);
    expect((await login(t, victim.email, victim.password, attacker)).statusCode).toBe(200);
  });

  it('a successful login clears the failures of that account at that address', async () => {
    const user = await createAccount(t, 'registered');
    const ip = nextIp();
    for (let i = 0; i < 4; i += 1) await login(t, user.email, `Guess-${i}-xxxx`, ip);
    expect((await login(t, user.email, user.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      expectError(await login(t, user.email, `Again-${i}-xxxx`, ip), 401, ErrorCodes.wrongCredentials);
    }
  });

  it('limits all logins from one address to 30 in 15 minutes, whatever the account', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i += 1) {
      expectError(await login(t, uniqueEmail('spray'), 'Whatever-123', ip), 401, ErrorCodes.wrongCredentials);
    }
    const limited = await login(t, uniqueEmail('spray'), 'Whatever-123', ip);
    expectError(limited, 429, ErrorCodes.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectError(
      await login(t, uniqueEmail('spray'), 'Whatever-123', nextIp()),
      401,
      ErrorCodes.wrongCredentials,
    );
    t.clock.advance(15 * MINUTE);
    expectError(await login(t, uniqueEmail('spray'), 'Whatever-123', ip), 401, ErrorCodes.wrongCredentials);
  });
});
