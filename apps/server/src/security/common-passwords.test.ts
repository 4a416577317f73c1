import { ErrorCodes } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isCommonPassword } from '../platform/security/common-passwords.js';
import { linkIn, lastMailTo } from '../test/mails.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../test/test-app.js';
import { apiPathOf, expectError, findUser, logIn, nextIp, signInAs, signupForm } from '../test/users.js';

/** Issue 17.3: the 10,000 most common passwords are refused wherever a password is chosen. */
describeEachDatabase('common passwords', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('knows the list, case-insensitively, and lets an unusual password through', async () => {
    for (const common of ['12345678', 'qwertyuiop', 'Password1', 'SUNSHINE', 'iloveyou1']) {
      expect(await isCommonPassword(common), common).toBe(true);
    }
    expect(await isCommonPassword('Kaffee-Bohne-42')).toBe(false);
  });

  it('refuses one at sign-up, at the password field, and stores nothing', async () => {
    const form = signupForm({ password: 'Password1', passwordRepeat: 'Password1' });
    const answer = await call(t.app, 'PUT', '/api/user/', { body: form, ip: nextIp() });
    expectError(answer, 400, ErrorCodes.passwordTooCommon, 'password');
    expect(await findUser(t, form.email)).toBeUndefined();
  });

  it('refuses one on a reset link, which stays usable for a better password', async () => {
    const account = await signInAs(t, 'registered');
    await call(t.app, 'POST', '/api/user/forgot_password/', {
      body: { username: account.email },
      ip: nextIp(),
    });
    const path = apiPathOf(linkIn(await lastMailTo(t, account.email), '/reset_password/'));
    const common = { password: 'football1', passwordRepeat: 'football1' };
    expectError(
      await call(t.app, 'POST', path, { body: common, ip: nextIp() }),
      400,
      ErrorCodes.passwordTooCommon,
      'password',
    );
    const better = { password: 'Röstfrisch-Morgen-7', passwordRepeat: 'Röstfrisch-Morgen-7' };
    expect((await call(t.app, 'POST', path, { body: better, ip: nextIp() })).statusCode).toBe(200);
    await logIn(t, account.email, 'Röstfrisch-Morgen-7');
  });

  it('refuses one as a new profile password and keeps the old one', async () => {
    const account = await signInAs(t, 'registered');
    const answer = await call(t.app, 'POST', '/api/user/', {
      token: account.token,
      body: {
        user: {
          firstname: 'Test',
          lastname: 'User',
          company: 'Partner GmbH',
          password: 'qwertyuiop',
          passwordRepeat: 'qwertyuiop',
          currentPassword: account.password,
        },
      },
    });
    expectError(answer, 400, ErrorCodes.passwordTooCommon, 'user.password');
    await logIn(t, account.email, account.password);
  });
});
