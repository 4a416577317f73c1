import { ErrorCodes, GetUserAnswer, SaveProfileAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { deliveredMailsTo, lastMailTo, linkIn } from '../../test/mails.js';
import { createAccount, expectError, findUser, logIn, nextIp, signInAs } from '../../test/users.js';

const profileForm = (overrides: Record<string, unknown> = {}) => ({
  firstname: 'Erika',
  lastname: 'Neumann',
  company: 'Rösterei Süd AG',
  phone: '+41 44 000 00 00',
  ...overrides,
});

describeEachDatabase('profile (GET and POST /api/user/)', (dialect) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    account = await signInAs(t, 'registered', { lang: 'fr' });
  });
  afterAll(() => t.close());

  it('answers the signed-in user in data.user', async () => {
    const response = await call(t.app, 'GET', '/api/user/', { token: account.token });
    expect(response.statusCode).toBe(200);
    const { user } = GetUserAnswer.parse(response.json()).data;
    expect(user).toMatchObject({
      userId: account.row.id,
      userName: account.email,
      firstname: 'Test',
      lastname: 'registered',
      company: 'Partner GmbH',
      jde: false,
      isSuperUser: false,
      lang: 'fr',
      contactPerson: 'Partner GmbH',
      createdAt: new Date(t.clock.now()).toISOString(),
    });
    expect(response.body).not.toMatch(/password|hash/i);
  });

  it('saves names, company, phone and language; the e-mail and the rights stay as they are', async () => {
    const response = await call(t.app, 'POST', '/api/user/', {
      token: account.token,
      body: {
        user: profileForm({
          lang: 'en',
          userName: 'someone-else@partner.example',
          email: 'someone-else@partner.example',
          isSuperUser: true,
          jde: true,
          password: '',
          passwordRepeat: '',
        }),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = SaveProfileAnswer.parse(response.json());
    expect(answer.user).toMatchObject({
      userName: account.email,
      firstname: 'Erika',
      lastname: 'Neumann',
      company: 'Rösterei Süd AG',
      phone: '+41 44 000 00 00',
      lang: 'en',
      isSuperUser: false,
      jde: false,
    });
    const again = GetUserAnswer.parse(
      (await call(t.app, 'GET', '/api/user/', { token: account.token })).json(),
    );
    expect(again.data.user).toEqual(answer.user);
    // An empty password field keeps the password.
    await logIn(t, account.email, account.password);
  });

  describe('validation (spec 5, 8)', () => {
    const cases: [string, unknown, string, string | undefined][] = [
      [
        'a new password of 7 characters',
        { user: profileForm({ password: 'Short-1', passwordRepeat: 'Short-1' }) },
        ErrorCodes.profileTooShort,
        'user.password',
      ],
      [
        'a repeat that differs',
        { user: profileForm({ password: 'Long-enough-1', passwordRepeat: 'Long-enough-2' }) },
        ErrorCodes.profileDoNotMatch,
        'user.passwordRepeat',
      ],
      [
        'a first name of one character',
        { user: profileForm({ firstname: 'E' }) },
        ErrorCodes.required,
        'user.firstname',
      ],
      [
        'a missing company',
        { user: profileForm({ company: undefined }) },
        ErrorCodes.required,
        'user.company',
      ],
      [
        'a phone of 500 characters',
        { user: profileForm({ phone: '1'.repeat(500) }) },
        ErrorCodes.tooLong,
        'user.phone',
      ],
      ['an unknown language', { user: profileForm({ lang: 'it' }) }, ErrorCodes.validation, 'user.lang'],
      ['the form without its user wrapper', profileForm(), ErrorCodes.validation, 'user'],
      ['a user that is a string', { user: 'Erika' }, ErrorCodes.validation, 'user'],
    ];
    it.each(cases)('refuses %s with 400 and changes nothing', async (_name, body, code, field) => {
      const response = await call(t.app, 'POST', '/api/user/', { token: account.token, body });
      expectError(response, 400, code, field);
      expect((await findUser(t, account.email))?.firstname).toBe('Erika');
    });

    it('refuses a missing body with 400', async () => {
      expect((await call(t.app, 'POST', '/api/user/', { token: account.token })).statusCode).toBe(400);
    });
  });
});

describeEachDatabase('password change on the profile', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('revokes the other sessions; the session that changed it keeps working; only the new password signs in', async () => {
    const { email, password } = await createAccount(t, 'registered');
    const current = await logIn(t, email, password);
    const other = await logIn(t, email, password);

    const response = await call(t.app, 'POST', '/api/user/', {
      token: current.token,
      body: {
        user: profileForm({
          password: 'Changed-pass-9',
          passwordRepeat: 'Changed-pass-9',
          currentPassword: password,
        }),
      },
    });
    expect(response.statusCode, response.body).toBe(200);

    expect((await call(t.app, 'GET', '/api/user/', { token: current.token })).statusCode).toBe(200);
    expectError(await call(t.app, 'GET', '/api/user/', { token: other.token }), 401, ErrorCodes.unauthorized);
    expectError(
      await call(t.app, 'POST', '/api/user/login', { body: { username: email, password }, ip: nextIp() }),
      401,
      ErrorCodes.wrongCredentials,
    );
    await logIn(t, email, 'Changed-pass-9');
  });

  it('needs the current password: a token alone neither changes it nor ends other sessions', async () => {
    const { email, password } = await createAccount(t, 'registered');
    const stolen = await logIn(t, email, password);
    const owner = await logIn(t, email, password);
    const change = (currentPassword?: string) =>
      call(t.app, 'POST', '/api/user/', {
        token: stolen.token,
        body: {
          user: profileForm({
            password: 'Taken-over-99',
            passwordRepeat: 'Taken-over-99',
            ...(currentPassword === undefined ? {} : { currentPassword }),
          }),
        },
      });
    expectError(await change(), 400, ErrorCodes.profileCurrentPasswordRequired, 'user.currentPassword');
    expectError(
      await change('Not-the-password'),
      400,
      ErrorCodes.profileCurrentPasswordWrong,
      'user.currentPassword',
    );
    // Nothing changed: the owner's session lives, the old password still signs in.
    expect((await call(t.app, 'GET', '/api/user/', { token: owner.token })).statusCode).toBe(200);
    await logIn(t, email, password);
    expect(await deliveredMailsTo(t, email)).toEqual([]);
  });

  it('tells the owner by mail, in their language, with the way back if it was not them', async () => {
    const { email, password } = await createAccount(t, 'registered', { lang: 'fr' });
    const session = await logIn(t, email, password);
    const response = await call(t.app, 'POST', '/api/user/', {
      token: session.token,
      body: {
        user: profileForm({
          lang: 'fr',
          password: 'Nouveau-mot-9',
          passwordRepeat: 'Nouveau-mot-9',
          currentPassword: password,
        }),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe('Votre mot de passe Mediabox a été modifié');
    expect(mail.text).toContain('Mot de passe oublié');
    expect(linkIn(mail, '/login').url).toBe('http://portal.test/login');
    expect(mail.text).not.toContain('Nouveau-mot-9');
  });

  it('ends a session 30 days after its sign-in, however active it was', async () => {
    const { email, password } = await createAccount(t, 'registered');
    const session = await logIn(t, email, password);
    for (let day = 1; day < 30; day += 1) {
      t.clock.advance(24 * 60 * 60 * 1000);
      expect((await call(t.app, 'GET', '/api/user/', { token: session.token })).statusCode).toBe(200);
    }
    t.clock.advance(24 * 60 * 60 * 1000);
    expectError(
      await call(t.app, 'GET', '/api/user/', { token: session.token }),
      401,
      ErrorCodes.unauthorized,
    );
  });
});

describeEachDatabase('account deletion (DELETE /api/user/)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('refuses a wrong password with passwordError and deletes nothing; the right one deletes the account', async () => {
    const account = await signInAs(t, 'registered');
    const second = await logIn(t, account.email, account.password);

    const wrong = await call(t.app, 'DELETE', '/api/user/', {
      token: account.token,
      body: { user: account.user, password: 'Not-my-password' },
    });
    expectError(wrong, 400, ErrorCodes.passwordError, 'password');
    expect(await findUser(t, account.email)).toBeDefined();
    expect((await call(t.app, 'GET', '/api/user/', { token: account.token })).statusCode).toBe(200);

    const right = await call(t.app, 'DELETE', '/api/user/', {
      token: account.token,
      body: { user: account.user, password: account.password },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ success: true });

    expect(await findUser(t, account.email)).toBeUndefined();
    expectError(
      await call(t.app, 'GET', '/api/user/', { token: account.token }),
      401,
      ErrorCodes.unauthorized,
    );
    expectError(
      await call(t.app, 'GET', '/api/user/', { token: second.token }),
      401,
      ErrorCodes.unauthorized,
    );
    expectError(
      await call(t.app, 'POST', '/api/user/login', {
        body: { username: account.email, password: account.password },
        ip: nextIp(),
      }),
      401,
      ErrorCodes.wrongCredentials,
    );
    const sessions = await t.context.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', account.row.id)
      .execute();
    expect(sessions).toEqual([]);
    // The address is free again.
    const check = await call(t.app, 'POST', '/api/user/check/', {
      body: { email: account.email },
      ip: nextIp(),
    });
    expect(check.json()).toEqual({ available: true });
  });

  it('refuses a missing or short password with passwordError, without checking it', async () => {
    const account = await signInAs(t, 'registered');
    for (const body of [{}, { password: '' }, { password: 'short' }, { password: 12345678 }]) {
      expectError(
        await call(t.app, 'DELETE', '/api/user/', { token: account.token, body }),
        400,
        ErrorCodes.passwordError,
        'password',
      );
    }
    expect(await findUser(t, account.email)).toBeDefined();
  });

  it('stops guessing: after 5 wrong passwords the 6th attempt answers 429, even with the right one', async () => {
    const account = await signInAs(t, 'registered');
    for (let i = 0; i < 5; i += 1) {
      expectError(
        await call(t.app, 'DELETE', '/api/user/', {
          token: account.token,
          body: { password: `Wrong-guess-${i}` },
        }),
        400,
        ErrorCodes.passwordError,
      );
    }
    const limited = await call(t.app, 'DELETE', '/api/user/', {
      token: account.token,
      body: { password: account.password },
    });
    expectError(limited, 429, ErrorCodes.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await findUser(t, account.email)).toBeDefined();
  });

  it('keeps the last super user', async () => {
    const admin = await signInAs(t, 'super');
    const response = await call(t.app, 'DELETE', '/api/user/', {
      token: admin.token,
      body: { password: admin.password },
    });
    expectError(response, 409, ErrorCodes.conflict);
    expect(await findUser(t, admin.email)).toBeDefined();
    // With a second super user the first may go.
    await createAccount(t, 'super');
    expect(
      (await call(t.app, 'DELETE', '/api/user/', { token: admin.token, body: { password: admin.password } }))
        .statusCode,
    ).toBe(200);
  });
});
