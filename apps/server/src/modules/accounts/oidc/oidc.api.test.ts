import { ErrorCodes, type AuditAnswer, type StoredUser } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startForgingProvider,
  startTestProvider,
  TEST_CLIENT,
  type TestIdentity,
} from '../../../test/oidc-test-provider.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app.js';
import {
  createAccount,
  expectError,
  findUser,
  logIn,
  nextIp,
  signInAs,
  uniqueEmail,
} from '../../../test/users.js';

const PORTAL = 'http://portal.test';
const HOUR = 60 * 60 * 1000;
const STAFF_DOMAIN = 'nordstern-kaffee.example';

let subjects = 0;
function staff(overrides: Partial<TestIdentity> = {}): TestIdentity {
  subjects += 1;
  return {
    sub: `subject-${subjects}`,
    email: uniqueEmail('sso', true),
    email_verified: true,
    given_name: 'Lena',
    family_name: 'Sommer',
    locale: 'fr-FR',
    ...overrides,
  };
}

/** The portal's start: the provider's address and the browser's state cookie. */
async function start(t: TestApp) {
  const response = await call(t.app, 'GET', '/api/auth/oidc/start', { ip: nextIp() });
  expect(response.statusCode, response.body).toBe(302);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  return { location: String(response.headers.location), cookie };
}

async function callback(t: TestApp, path: string, cookie: string, acceptLanguage?: string) {
  const headers: Record<string, string> = acceptLanguage
    ? { cookie, 'accept-language': acceptLanguage }
    : { cookie };
  const response = await call(t.app, 'GET', path, { headers });
  expect(response.statusCode, response.body).toBe(302);
  return String(response.headers.location);
}

function handoverCode(location: string): string {
  expect(location).toMatch(new RegExp(`^${PORTAL}/login/sso#code=`));
  return decodeURIComponent(location.split('#code=')[1]!);
}

const exchange = (t: TestApp, code: string) =>
  call(t.app, 'POST', '/api/auth/oidc/exchange', { body: { code } });

describeEachDatabase('sign-in with the company account (OpenID Connect, issue 23)', (dialect) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startTestProvider>>;

  /** The whole journey of a browser: portal start, provider, callback; answers where the callback sends it. */
  async function journey(who: TestIdentity, acceptLanguage?: string): Promise<string> {
    const { location, cookie } = await start(t);
    const callbackPath = await provider.signIn(location, who);
    return callback(t, callbackPath, cookie, acceptLanguage);
  }

  async function signInWithSso(who: TestIdentity, acceptLanguage?: string): Promise<StoredUser> {
    const response = await exchange(t, handoverCode(await journey(who, acceptLanguage)));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoredUser>();
  }

  beforeAll(async () => {
    provider = await startTestProvider(PORTAL);
    t = await createTestApp(dialect, {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_LABEL: 'Nordstern ID',
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('the public settings name the provider for the login button', async () => {
    const settings = (await call(t.app, 'GET', '/api/settings')).json<{ sso?: { label: string } }>();
    expect(settings.sso).toEqual({ label: 'Nordstern ID' });
  });

  it('first sign-in creates a staff account from the claims; the session works, the code only once', async () => {
    const who = staff();
    const { location } = await start(t);
    const authorization = new URL(location);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${PORTAL}/api/auth/oidc/callback`);

    const landing = await journey(who);
    const code = handoverCode(landing);
    const first = await exchange(t, code);
    expect(first.statusCode, first.body).toBe(200);
    const user = first.json<StoredUser>();
    expect(user).toMatchObject({
      userName: who.email,
      firstname: 'Lena',
      lastname: 'Sommer',
      jde: true,
      lang: 'fr',
    });
    expect(user.isSuperUser).toBe(false);
    expect((await call(t.app, 'GET', '/api/user/', { token: user.token })).statusCode).toBe(200);

    const row = await findUser(t, who.email);
    expect(row).toMatchObject({ sso_subject: who.sub, jde: 1, password_hash: '' });
    expect(row?.approved_at).not.toBeNull();

    // The hand-over code works once; a second sign-in finds the same account.
    expectError(await exchange(t, code), 401, ErrorCodes.ssoHandoverInvalid);
    expect((await signInWithSso(who)).userId).toBe(user.userId);
  });

  it('a new account takes the browser’s language when the provider sends no locale of ours', async () => {
    const { locale: _none, ...withoutLocale } = staff();
    expect((await signInWithSso(withoutLocale, 'it-IT, en-GB;q=0.8, fr;q=0.5')).lang).toBe('en');
    expect((await signInWithSso(staff({ locale: 'pt-BR' }), 'fr-CH')).lang).toBe('fr');
    expect((await signInWithSso(staff({ locale: 'pt-BR' }))).lang).toBe('de');
  });

  it('links an existing account of the same confirmed address; its password keeps working', async () => {
    const { email, password, row } = await createAccount(t, 'registered', {
      email: uniqueEmail('linked', true),
    });
    const user = await signInWithSso(staff({ email }));
    expect(user.userId).toBe(row.id);
    expect(user.jde).toBe(true);
    expect((await findUser(t, email))?.sso_subject).toBeTruthy();
    expect((await logIn(t, email, password)).userId).toBe(row.id);

    // /admin shows how each account signs in.
    const admin = await signInAs(t, 'super');
    const method = async (id: number) =>
      (await call(t.app, 'GET', `/api/admin/users/${id}`, { token: admin.token })).json<{
        user: { signInMethod: string };
      }>().user.signInMethod;
    expect(await method(row.id)).toBe('both');
    expect(await method((await signInWithSso(staff())).userId)).toBe('sso');
    expect(await method(admin.row.id)).toBe('password');
  });

  it('refuses a foreign domain and an unverified address, creating no account', async () => {
    const partner = staff({ email: uniqueEmail('partner') });
    expect(await journey(partner)).toBe(`${PORTAL}/login?ssoError=foreignDomain`);
    expect(await findUser(t, partner.email)).toBeUndefined();

    const unverified = staff({ email_verified: false });
    expect(await journey(unverified)).toBe(`${PORTAL}/login?ssoError=emailNotVerified`);
    expect(await findUser(t, unverified.email)).toBeUndefined();
  });

  it('refuses a state that is not the browser’s, and a replayed callback', async () => {
    const { location, cookie } = await start(t);
    const callbackPath = await provider.signIn(location, staff());
    // Another browser's (or no) cookie: login CSRF.
    expect(await callback(t, callbackPath, 'mediabox_sso=someone-elses-state')).toBe(
      `${PORTAL}/login?ssoError=expired`,
    );
    expect(await callback(t, callbackPath, '')).toBe(`${PORTAL}/login?ssoError=expired`);
    // The right browser gets in once; the same answer again (code and state replayed) does not.
    handoverCode(await callback(t, callbackPath, cookie));
    expect(await callback(t, callbackPath, cookie)).toBe(`${PORTAL}/login?ssoError=expired`);
  });

  it('a cancelled sign-in at the provider goes back to the login page with its reason', async () => {
    const { location, cookie } = await start(t);
    const state = new URL(location).searchParams.get('state')!;
    expect(await callback(t, `/api/auth/oidc/callback?error=access_denied&state=${state}`, cookie)).toBe(
      `${PORTAL}/login?ssoError=cancelled`,
    );
  });

  it('a deactivated account gets no session, and its SSO sessions end at once', async () => {
    const who = staff();
    const user = await signInWithSso(who);
    await t.context.database.db
      .updateTable('users')
      .set({ deactivated_at: t.clock.now() })
      .where('id', '=', user.userId)
      .execute();
    expect((await call(t.app, 'GET', '/api/user/', { token: user.token })).statusCode).toBe(401);
    expect(await journey(who)).toBe(`${PORTAL}/login?ssoError=deactivated`);
  });

  it(`a session made through the provider ends after OIDC_SESSION_HOURS however active`, async () => {
    const user = await signInWithSso(staff());
    for (let hour = 0; hour < 11; hour += 1) {
      t.clock.advance(HOUR);
      expect((await call(t.app, 'GET', '/api/user/', { token: user.token })).statusCode).toBe(200);
    }
    t.clock.advance(HOUR + 1000);
    expect((await call(t.app, 'GET', '/api/user/', { token: user.token })).statusCode).toBe(401);
  });

  it('with a refresh token the session is renewed at its end; a refused refresh ends every session of the user', async () => {
    provider.giveRefreshTokens(true);
    try {
      const who = staff();
      const first = await signInWithSso(who);
      const second = await signInWithSso(who);
      const profile = (token: string) => call(t.app, 'GET', '/api/user/', { token });
      t.clock.advance(12 * HOUR + 1000);
      // The provider still vouches: both sessions go on for another OIDC_SESSION_HOURS.
      expect((await profile(first.token)).statusCode).toBe(200);
      expect((await profile(second.token)).statusCode).toBe(200);
      t.clock.advance(11 * HOUR);
      expect((await profile(first.token)).statusCode).toBe(200);

      // The user leaves the company: at the next end the provider refuses, and every session ends.
      provider.leave(who.sub);
      t.clock.advance(HOUR + 1000);
      expect((await profile(first.token)).statusCode).toBe(401);
      const left = await t.context.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', first.userId)
        .execute();
      expect(left).toEqual([]);
      expect((await profile(second.token)).statusCode).toBe(401);
    } finally {
      provider.giveRefreshTokens(false);
    }
  });

  it('SSO required for staff: staff passwords are refused, partners and super users keep theirs', async () => {
    const admin = await signInAs(t, 'super');
    const internal = await createAccount(t, 'internal');
    const partner = await createAccount(t, 'registered');
    const before = await call(t.app, 'GET', '/api/admin/sso', { token: admin.token });
    expect(before.json()).toEqual({ configured: true, label: 'Nordstern ID', requiredForStaff: false });

    const saved = await call(t.app, 'PUT', '/api/admin/sso', {
      token: admin.token,
      body: { requiredForStaff: true },
    });
    expect(saved.json()).toMatchObject({ requiredForStaff: true });
    const refused = await call(t.app, 'POST', '/api/user/login', {
      body: { username: internal.email, password: internal.password },
      ip: nextIp(),
    });
    expectError(refused, 403, ErrorCodes.ssoRequired);
    await logIn(t, partner.email, partner.password);
    await logIn(t, admin.email, admin.password);
    // The company account still signs staff in.
    await signInWithSso(staff({ email: internal.email }));

    await call(t.app, 'PUT', '/api/admin/sso', { token: admin.token, body: { requiredForStaff: false } });
    await logIn(t, internal.email, internal.password);
    // Saving the same value again changes nothing and records nothing.
    await call(t.app, 'PUT', '/api/admin/sso', { token: admin.token, body: { requiredForStaff: false } });

    const audit = await call(t.app, 'GET', '/api/admin/audit?action=sso.requireForStaff', {
      token: admin.token,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json<AuditAnswer>().entries;
    expect(
      entries.map(({ actor, targetType, before, after }) => ({
        actor: actor.email,
        targetType,
        before,
        after,
      })),
    ).toEqual([
      {
        actor: admin.email,
        targetType: 'setting',
        before: { requiredForStaff: true },
        after: { requiredForStaff: false },
      },
      {
        actor: admin.email,
        targetType: 'setting',
        before: { requiredForStaff: false },
        after: { requiredForStaff: true },
      },
    ]);
  });

  it('logout ends the session and answers the provider’s logout address (RP-initiated logout)', async () => {
    const user = await signInWithSso(staff());
    const response = await call(t.app, 'POST', '/api/auth/oidc/logout', { token: user.token });
    expect(response.statusCode, response.body).toBe(200);
    const { endSessionUrl } = response.json<{ endSessionUrl: string }>();
    const url = new URL(endSessionUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/login`);
    expect((await call(t.app, 'GET', '/api/user/', { token: user.token })).statusCode).toBe(401);
  });
});

describe('ID tokens a real provider never sends are refused by the client library', () => {
  let t: TestApp;
  let forger: Awaited<ReturnType<typeof startForgingProvider>>;
  beforeAll(async () => {
    forger = await startForgingProvider();
    t = await createTestApp('sqlite', {
      OIDC_ISSUER: forger.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    });
  });
  afterAll(async () => {
    await t.close();
    await forger.close();
  });

  /** Starts a sign-in, lets the forger answer `claims` signed with `key`, and answers where the callback sends the browser. */
  async function answerWith(key: 'published' | 'foreign', shape: (nonce: string) => Record<string, unknown>) {
    const { location, cookie } = await start(t);
    const params = new URL(location).searchParams;
    forger.answerNext(key, shape(params.get('nonce')!));
    return callback(t, `/api/auth/oidc/callback?code=c&state=${params.get('state')}`, cookie);
  }

  const claims = (nonce: string, overrides: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: forger.issuer,
      aud: TEST_CLIENT.id,
      sub: 'forged-subject',
      email: `ceo@${STAFF_DOMAIN}`,
      email_verified: true,
      iat: now,
      exp: now + 300,
      nonce,
      ...overrides,
    };
  };

  it('accepts the well-formed token (so the refusals below are the checks at work)', async () => {
    expect(await answerWith('published', (nonce) => claims(nonce))).toMatch(/\/login\/sso#code=/);
  });

  it.each([
    ['signed with a key not in the JWKS', 'foreign' as const, (nonce: string) => claims(nonce)],
    [
      'expired',
      'published' as const,
      (nonce: string) => claims(nonce, { exp: Math.floor(Date.now() / 1000) - 600 }),
    ],
    ['of another nonce', 'published' as const, () => claims('another-nonce')],
    ['for another client', 'published' as const, (nonce: string) => claims(nonce, { aud: 'someone-else' })],
    [
      'from another issuer',
      'published' as const,
      (nonce: string) => claims(nonce, { iss: 'https://evil.example' }),
    ],
  ])('refuses an ID token %s', async (_name, key, shape) => {
    expect(await answerWith(key, shape)).toBe(`${PORTAL}/login?ssoError=failed`);
  });

  it('no account was created by any refused token', async () => {
    const rows = await t.context.database.db
      .selectFrom('users')
      .select('email')
      .where('sso_subject', 'is not', null)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describeEachDatabase('without OIDC_* the portal is as before issue 23', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('the routes answer 404 and the settings name no provider', async () => {
    const admin = await signInAs(t, 'super');
    expectError(await call(t.app, 'GET', '/api/auth/oidc/start'), 404, ErrorCodes.ssoNotConfigured);
    expectError(
      await call(t.app, 'GET', '/api/auth/oidc/callback?code=x&state=y'),
      404,
      ErrorCodes.ssoNotConfigured,
    );
    expectError(await exchange(t, 'some-code'), 404, ErrorCodes.ssoNotConfigured);
    expectError(
      await call(t.app, 'POST', '/api/auth/oidc/logout', { token: admin.token }),
      404,
      ErrorCodes.ssoNotConfigured,
    );
    expectError(
      await call(t.app, 'PUT', '/api/admin/sso', { token: admin.token, body: { requiredForStaff: true } }),
      404,
      ErrorCodes.ssoNotConfigured,
    );
    expect((await call(t.app, 'GET', '/api/admin/sso', { token: admin.token })).json()).toEqual({
      configured: false,
      label: null,
      requiredForStaff: false,
    });
    expect((await call(t.app, 'GET', '/api/settings')).json()).not.toHaveProperty('sso');
  });
});

describe('an unreachable provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nobody listens on: discovery fails.
    const gone = await startForgingProvider();
    await gone.close();
    t = await createTestApp('sqlite', {
      OIDC_ISSUER: gone.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    });
  });
  afterAll(() => t.close());

  it('sends the browser back to the login page with a reason, not to an error page', async () => {
    const response = await call(t.app, 'GET', '/api/auth/oidc/start', { ip: nextIp() });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${PORTAL}/login?ssoError=failed`);
    expect(response.headers['set-cookie']).toBeUndefined();
    // The password form still works.
    const partner = await createAccount(t, 'registered');
    await logIn(t, partner.email, partner.password);
  });
});
