import { ErrorCodes, type Language } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesOf, deliveredMailsTo, lastMailTo, linkIn } from '../../test/mails.js';
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

describeEachDatabase('confirm link (GET and POST /api/user/confirm/:uuid)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('checks the link without using it, answering the signup language; confirms once; then the link is dead', async () => {
    const { email, confirm } = await signUp(t, { lang: 'en' });
    const path = apiPathOf(confirm);
    for (let i = 0; i < 2; i += 1) {
      const check = await call(t.app, 'GET', path, { ip: nextIp() });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toEqual({ success: true, lang: 'en' });
    }
    const before = await t.context.database.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(before.email_confirmed_at).toBeNull();

    const used = await call(t.app, 'POST', path, { ip: nextIp() });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ success: true });
    const after = await t.context.database.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(after.email_confirmed_at).toBe(t.clock.now());

    // A second click on the used link: the address is confirmed, so it says so instead of "invalid".
    expectError(await call(t.app, 'POST', path, { ip: nextIp() }), 409, ErrorCodes.confirmAlreadyDone);
    expectError(await call(t.app, 'GET', path, { ip: nextIp() }), 409, ErrorCodes.confirmAlreadyDone);
  });

  it('a used link of an address confirmed long ago still says "already confirmed", never "invalid"', async () => {
    const { confirm } = await signUp(t);
    const path = apiPathOf(confirm);
    expect((await call(t.app, 'POST', path, { ip: nextIp() })).statusCode).toBe(200);
    t.clock.advance(30 * 24 * 60 * MINUTE);
    expectError(await call(t.app, 'GET', path, { ip: nextIp() }), 409, ErrorCodes.confirmAlreadyDone);
    expectError(await call(t.app, 'POST', path, { ip: nextIp() }), 409, ErrorCodes.confirmAlreadyDone);
  });

  it('answers linkInvalid for a well-formed token that was never sent', async () => {
    const path = '/api/user/confirm/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expectError(await call(t.app, 'GET', path, { ip: nextIp() }), 404, ErrorCodes.confirmLinkInvalid);
    expectError(await call(t.app, 'POST', path, { ip: nextIp() }), 404, ErrorCodes.confirmLinkInvalid);
  });

  it('answers a client error in the error shape (never 500) for malformed tokens and URLs', async () => {
    const tokens = [
      'short',
      'x'.repeat(500),
      '%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00',
      "'%20or%201=1--aaaaaaaaaaaa",
      '%E0%A4%A',
    ];
    for (const token of tokens) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await call(t.app, method, `/api/user/confirm/${token}`, { ip: nextIp() });
        const label = `${method} ${token.slice(0, 20)}: ${response.body.slice(0, 200)}`;
        // 414 for a parameter over the router's limit, 400 for the rest; a token of the wrong
        // shape is reported as the invalid link it is, so the app shows the right text.
        expect([400, 414], label).toContain(response.statusCode);
        expect(response.json<{ error: { code: string } }>().error.code, label).toMatch(
          /^(errors\.|signup\.confirm\.linkInvalid$)/,
        );
      }
    }
  });

  it('a confirm token is no reset token, and the other way round', async () => {
    const { confirm } = await signUp(t);
    expectError(
      await call(t.app, 'GET', `/api/user/reset_password/${confirm.token}`, { ip: nextIp() }),
      404,
      ErrorCodes.resetLinkInvalid,
    );
    expectError(
      await call(t.app, 'POST', `/api/user/reset_password/${confirm.token}`, {
        body: { password: 'New-password-1' },
        ip: nextIp(),
      }),
      404,
      ErrorCodes.resetLinkInvalid,
    );
    expect((await call(t.app, 'GET', apiPathOf(confirm), { ip: nextIp() })).statusCode).toBe(200);
  });

  it('a confirm link lasts a week', async () => {
    const { confirm } = await signUp(t);
    t.clock.advance(7 * 24 * 60 * MINUTE - 1);
    expect((await call(t.app, 'GET', apiPathOf(confirm), { ip: nextIp() })).statusCode).toBe(200);
    t.clock.advance(1);
    expectError(
      await call(t.app, 'GET', apiPathOf(confirm), { ip: nextIp() }),
      404,
      ErrorCodes.confirmLinkInvalid,
    );
    expectError(
      await call(t.app, 'POST', apiPathOf(confirm), { ip: nextIp() }),
      404,
      ErrorCodes.confirmLinkInvalid,
    );
  });

  it('limits link calls per address (60 in ten minutes)', async () => {
    const ip = nextIp();
    const path = '/api/user/confirm/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
    for (let i = 0; i < 60; i += 1)
      expectError(await call(t.app, 'GET', path, { ip }), 404, ErrorCodes.confirmLinkInvalid);
    expectError(await call(t.app, 'GET', path, { ip }), 429, ErrorCodes.rateLimited);
    expectError(await call(t.app, 'GET', path, { ip: nextIp() }), 404, ErrorCodes.confirmLinkInvalid);
  });
});

describeEachDatabase(
  'password reset (POST /api/user/forgot_password/, GET and POST /api/user/reset_password/:uuid)',
  (dialect) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    const forgot = (username: string, lang?: Language, ip = nextIp()) =>
      call(t.app, 'POST', '/api/user/forgot_password/', {
        body: { username, ...(lang ? { lang } : {}) },
        ip,
      });

    it('sends the reset mail in the language of the request, and the link answers that language', async () => {
      const subjects = {
        de: 'Passwort zurücksetzen',
        en: 'Reset your password',
        fr: 'Réinitialiser votre mot de passe',
      };
      for (const lang of ['de', 'en', 'fr'] as const) {
        // The account's own language is another one: the request decides.
        const { email } = await createAccount(t, 'registered', { lang: lang === 'de' ? 'en' : 'de' });
        const response = await forgot(email.toUpperCase(), lang);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ success: true, message: expect.any(String) });
        const mail = await lastMailTo(t, email);
        expect(mail.subject).toBe(subjects[lang]);
        expect(addressesOf(mail.to)).toEqual([email]);
        const link = linkIn(mail, '/reset_password/');
        expect(link.url.startsWith('http://portal.test/reset_password/')).toBe(true);
        const check = await call(t.app, 'GET', apiPathOf(link), { ip: nextIp() });
        expect(check.statusCode, check.body).toBe(200);
        expect(check.json()).toEqual({ success: true, lang });
      }
    });

    it('sets the new password once: old password and every session end, the link is dead afterwards', async () => {
      const account = await signInAs(t, 'registered');
      await forgot(account.email, 'en');
      const link = linkIn(await lastMailTo(t, account.email), '/reset_password/');
      const path = apiPathOf(link);

      const reset = await call(t.app, 'POST', path, {
        body: { password: 'Brand-new-pass-1', passwordRepeat: 'Brand-new-pass-1' },
        ip: nextIp(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toEqual({ success: true });

      expectError(
        await call(t.app, 'GET', '/api/user/', { token: account.token }),
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
      await logIn(t, account.email, 'Brand-new-pass-1');

      expectError(
        await call(t.app, 'POST', path, { body: { password: 'Another-pass-22' }, ip: nextIp() }),
        404,
        ErrorCodes.resetLinkInvalid,
      );
      expectError(await call(t.app, 'GET', path, { ip: nextIp() }), 404, ErrorCodes.resetLinkInvalid);
      await logIn(t, account.email, 'Brand-new-pass-1');
    });

    it('refuses a second request while a link is valid, and allows one after it was used', async () => {
      const { email } = await createAccount(t, 'registered');
      expect((await forgot(email, 'de')).statusCode).toBe(200);
      expectError(await forgot(email, 'de'), 409, ErrorCodes.resetAlreadyRequested);
      expect(await deliveredMailsTo(t, email)).toHaveLength(1);

      const link = linkIn(await lastMailTo(t, email), '/reset_password/');
      expect(
        (await call(t.app, 'POST', apiPathOf(link), { body: { password: 'Used-up-pass-1' }, ip: nextIp() }))
          .statusCode,
      ).toBe(200);
      expect((await forgot(email, 'de')).statusCode).toBe(200);
      const mails = await deliveredMailsTo(t, email);
      expect(mails).toHaveLength(2);
      expect(linkIn(mails[1]!, '/reset_password/').token).not.toBe(link.token);
    });

    it('a reset link expires after one hour; then a new one can be requested', async () => {
      const { email, password } = await createAccount(t, 'registered');
      await forgot(email, 'de');
      const link = linkIn(await lastMailTo(t, email), '/reset_password/');
      t.clock.advance(59 * MINUTE);
      expect((await call(t.app, 'GET', apiPathOf(link), { ip: nextIp() })).statusCode).toBe(200);
      t.clock.advance(MINUTE);
      expectError(
        await call(t.app, 'GET', apiPathOf(link), { ip: nextIp() }),
        404,
        ErrorCodes.resetLinkInvalid,
      );
      expectError(
        await call(t.app, 'POST', apiPathOf(link), { body: { password: 'Too-late-pass-1' }, ip: nextIp() }),
        404,
        ErrorCodes.resetLinkInvalid,
      );
      await logIn(t, email, password);
      expect((await forgot(email, 'de')).statusCode).toBe(200);
    });

    it('confirms the e-mail of an unconfirmed account: following the link proves the mailbox', async () => {
      const { email } = await signUp(t);
      await forgot(email, 'de');
      const link = linkIn(await lastMailTo(t, email), '/reset_password/');
      expect(
        (await call(t.app, 'POST', apiPathOf(link), { body: { password: 'Proven-pass-1' }, ip: nextIp() }))
          .statusCode,
      ).toBe(200);
      const response = await call(t.app, 'POST', '/api/user/login', {
        body: { username: email, password: 'Proven-pass-1' },
        ip: nextIp(),
      });
      // Confirmed now, but still waiting for the administrator.
      expectError(response, 403, ErrorCodes.notActivated);
    });

    it('validates the new password: at least 8 characters, the repeat must match; the link stays usable', async () => {
      const { email } = await createAccount(t, 'registered');
      await forgot(email, 'de');
      const path = apiPathOf(linkIn(await lastMailTo(t, email), '/reset_password/'));
      expectError(
        await call(t.app, 'POST', path, { body: { password: 'Short-1' }, ip: nextIp() }),
        400,
        ErrorCodes.resetPassMinChar,
        'password',
      );
      expectError(
        await call(t.app, 'POST', path, { body: {}, ip: nextIp() }),
        400,
        ErrorCodes.resetPassMinChar,
        'password',
      );
      expectError(
        await call(t.app, 'POST', path, {
          body: { password: 'Long-enough-1', passwordRepeat: 'Long-enough-2' },
          ip: nextIp(),
        }),
        400,
        ErrorCodes.resetPassNotMatching,
        'passwordRepeat',
      );
      expectError(
        await call(t.app, 'POST', path, { body: { password: 'p'.repeat(300) }, ip: nextIp() }),
        400,
        ErrorCodes.tooLong,
        'password',
      );
      expect((await call(t.app, 'POST', path, { ip: nextIp() })).statusCode).toBe(400);
      expect((await call(t.app, 'GET', path, { ip: nextIp() })).statusCode).toBe(200);
    });

    describe('forgot password refusals', () => {
      it('answers emailNotFound for an unknown address and sends nothing', async () => {
        const before = (await t.mails()).length;
        expectError(await forgot(uniqueEmail('ghost'), 'de'), 404, ErrorCodes.emailNotFound);
        await t.runJobs();
        expect((await t.mails()).length).toBe(before);
      });

      it('refuses a malformed address, a missing one and an unknown language with 400', async () => {
        const ip = nextIp();
        expectError(
          await call(t.app, 'POST', '/api/user/forgot_password/', { body: { username: 'nope' }, ip }),
          400,
          ErrorCodes.invalidEmail,
          'username',
        );
        expectError(
          await call(t.app, 'POST', '/api/user/forgot_password/', { body: {}, ip }),
          400,
          ErrorCodes.invalidEmail,
          'username',
        );
        const lang = await call(t.app, 'POST', '/api/user/forgot_password/', {
          body: { username: 'a@partner.example', lang: 'xx' },
          ip,
        });
        expect(lang.statusCode).toBe(400);
      });

      it('limits requests per address: the 11th within the hour answers 429', async () => {
        const ip = nextIp();
        for (let i = 0; i < 10; i += 1)
          expectError(await forgot(uniqueEmail('ghost'), 'de', ip), 404, ErrorCodes.emailNotFound);
        const limited = await forgot(uniqueEmail('ghost'), 'de', ip);
        expectError(limited, 429, ErrorCodes.rateLimited);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expectError(await forgot(uniqueEmail('ghost'), 'de', nextIp()), 404, ErrorCodes.emailNotFound);
      });
    });
  },
);
