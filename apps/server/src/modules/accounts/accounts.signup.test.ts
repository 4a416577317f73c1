import { ErrorCodes, type SignupRequest } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesOf, lastMailTo, linkIn } from '../../test/mails.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, findUser, nextIp, signUp, signupForm, uniqueEmail } from '../../test/users.js';

describeEachDatabase('signup (PUT /api/user/)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('registers a partner: stored unconfirmed and unapproved, not internal, with the contact person given', async () => {
    const form = signupForm({
      email: uniqueEmail('Partner').toUpperCase(),
      lang: 'en',
      contactPerson: '  Max Vertrieb ',
    });
    const response = await call(t.app, 'PUT', '/api/user/', {
      body: { ...form, unknownField: 'ignored' },
      ip: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const row = await findUser(t, form.email);
    expect(row).toMatchObject({
      email: form.email.toLowerCase(),
      firstname: 'Erika',
      lastname: 'Muster',
      company: 'Rösterei Partner AG',
      phone: '+49 40 123456',
      contact_person: 'Max Vertrieb',
      lang: 'en',
      jde: 0,
      is_super_user: 0,
      email_confirmed_at: null,
      approved_at: null,
    });
    // Only a hash is stored, never the password: argon2id with OWASP's minimum parameters
    // (19 MiB memory, 2 passes, 1 lane), read back from the hash itself.
    expect(row!.password_hash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(row!.password_hash).not.toContain(form.password);
  });

  it('sends the confirmation mail in the language of the signup (de, en, fr)', async () => {
    const subjects = {
      de: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      en: 'Please confirm your e-mail address',
      fr: 'Veuillez confirmer votre adresse e-mail',
    } as const;
    for (const lang of ['de', 'en', 'fr'] as const) {
      const { mail, confirm, form } = await signUp(t, { lang, firstname: `Lang${lang}` });
      expect(mail.subject).toBe(subjects[lang]);
      expect(addressesOf(mail.to)).toEqual([form.email]);
      expect(mail.text).toContain(`Lang${lang} Muster`);
      expect(confirm.url.startsWith('http://portal.test/confirm/')).toBe(true);
      expect(mail.html).toContain(confirm.url);
    }
  });

  it('defaults the language to German when none is sent', async () => {
    const { lang: _lang, ...form } = signupForm();
    const response = await call(t.app, 'PUT', '/api/user/', { body: form, ip: nextIp() });
    expect(response.statusCode, response.body).toBe(200);
    expect((await findUser(t, form.email))?.lang).toBe('de');
    expect((await lastMailTo(t, form.email)).subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
  });

  it('makes the company the contact person of staff of an internal domain, who become jde only when approved', async () => {
    const email = uniqueEmail('staff', true);
    const response = await call(t.app, 'PUT', '/api/user/', {
      body: signupForm({ email, company: 'Nordstern Kaffee GmbH', contactPerson: '' }),
      ip: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await findUser(t, email)).toMatchObject({
      jde: 0,
      contact_person: 'Nordstern Kaffee GmbH',
      is_super_user: 0,
    });
    await t.context.admin.approveByEmail(email);
    expect(await findUser(t, email)).toMatchObject({ jde: 1, is_super_user: 0 });
  });

  it('ignores jde sent by a client outside the internal domains', async () => {
    const form = signupForm({ jde: true });
    const response = await call(t.app, 'PUT', '/api/user/', {
      body: { ...form, isSuperUser: true },
      ip: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await findUser(t, form.email)).toMatchObject({
      jde: 0,
      is_super_user: 0,
      contact_person: 'Max Vertrieb',
    });
  });

  it('refuses an address that is registered already (any case) with mailExists and sends no second mail', async () => {
    const { email } = await signUp(t);
    const before = (await t.mails()).length;
    const response = await call(t.app, 'PUT', '/api/user/', {
      body: signupForm({ email: email.toUpperCase(), firstname: 'Other' }),
      ip: nextIp(),
    });
    expectError(response, 409, ErrorCodes.mailExists, 'email');
    await t.runJobs();
    expect((await t.mails()).length).toBe(before);
    expect((await findUser(t, email))?.firstname).toBe('Erika');
  });

  describe('validation (spec 5): each rule answers its own code', () => {
    const cases: [string, Partial<Record<keyof SignupRequest, unknown>>, string, string][] = [
      ['an e-mail without @', { email: 'erika.partner.example' }, ErrorCodes.wrongMail, 'email'],
      ['an e-mail without a top-level domain', { email: 'erika@partner' }, ErrorCodes.wrongMail, 'email'],
      ['an e-mail with a space', { email: 'erika muster@partner.example' }, ErrorCodes.wrongMail, 'email'],
      [
        'an e-mail longer than 254 characters',
        { email: `${'e'.repeat(250)}@partner.example` },
        ErrorCodes.wrongMail,
        'email',
      ],
      ['a missing e-mail', { email: undefined }, ErrorCodes.wrongMail, 'email'],
      ['an e-mail that is a number', { email: 42 }, ErrorCodes.wrongMail, 'email'],
      [
        'a password of 7 characters',
        { password: 'Abcdef1', passwordRepeat: 'Abcdef1' },
        ErrorCodes.passMinChar,
        'password',
      ],
      ['a missing password', { password: undefined }, ErrorCodes.passMinChar, 'password'],
      [
        'a repeat that differs',
        { passwordRepeat: 'Kaffee-Bohne-43' },
        ErrorCodes.passNotMatching,
        'passwordRepeat',
      ],
      ['a company of one character', { company: 'X' }, ErrorCodes.step2Required, 'company'],
      [
        'a first name of spaces and one letter',
        { firstname: '  E  ' },
        ErrorCodes.step2Required,
        'firstname',
      ],
      ['a missing last name', { lastname: undefined }, ErrorCodes.step2Required, 'lastname'],
      ['a last name of 1000 characters', { lastname: 'M'.repeat(1000) }, ErrorCodes.tooLong, 'lastname'],
      ['a missing contact person', { contactPerson: undefined }, ErrorCodes.step3Required, 'contactPerson'],
      [
        'a contact person of one character',
        { contactPerson: 'M' },
        ErrorCodes.step3Required,
        'contactPerson',
      ],
      ['terms not accepted', { tou: false }, ErrorCodes.accept, 'tou'],
      ['terms missing', { tou: undefined }, ErrorCodes.accept, 'tou'],
      ['terms as the string "true"', { tou: 'true' }, ErrorCodes.accept, 'tou'],
      ['an unknown language', { lang: 'es' }, ErrorCodes.validation, 'lang'],
      // A phone number must look like one (issue 19.12).
      ['a phone with letters', { phone: '040 CALL ME' }, ErrorCodes.invalidPhone, 'phone'],
      ['a phone of five digits', { phone: '+49 40 1' }, ErrorCodes.invalidPhone, 'phone'],
      ['a phone of 21 digits', { phone: '+49 ' + '1'.repeat(19) }, ErrorCodes.invalidPhone, 'phone'],
      ['a phone that is an e-mail', { phone: 'erika@partner.example' }, ErrorCodes.invalidPhone, 'phone'],
    ];
    it.each(cases)('refuses %s', async (_name, change, code, field) => {
      const form: Record<string, unknown> = { ...signupForm(), ...change };
      for (const key of Object.keys(change))
        if (change[key as keyof SignupRequest] === undefined) delete form[key];
      const response = await call(t.app, 'PUT', '/api/user/', { body: form, ip: nextIp() });
      expectError(response, 400, code, field);
      expect(await findUser(t, String(form.email))).toBeUndefined();
    });

    it('takes phone numbers as people write them, and none at all', async () => {
      for (const phone of ['+49 (0)40 123 456-78', '040/1234567', '0041 44 000 00 00', '']) {
        const form = signupForm({ phone: ` ${phone} ` });
        const response = await call(t.app, 'PUT', '/api/user/', { body: form, ip: nextIp() });
        expect(response.statusCode, response.body).toBe(200);
        expect((await findUser(t, form.email))?.phone).toBe(phone);
      }
    });

    it('refuses bodies that are not a signup form with 400, never 500', async () => {
      for (const body of [undefined, null, [], 'text', 42, { user: signupForm() }]) {
        const response = await call(t.app, 'PUT', '/api/user/', {
          ...(body === undefined ? {} : { body }),
          ip: nextIp(),
        });
        expect(response.statusCode, `${JSON.stringify(body)} -> ${response.body}`).toBe(400);
        expect(response.json<{ error: { code: string } }>().error.code).toMatch(
          /^[a-zA-Z0-9]+(\.[a-zA-Z0-9]+)+$/,
        );
      }
    });
  });

  it('limits signups per address: the 11th within the hour answers 429 with retry-after, another address is not affected', async () => {
    const ip = nextIp();
    // Without a contact person each call is counted, then refused cheaply (no password hashing).
    const attempt = (from: string) =>
      call(t.app, 'PUT', '/api/user/', { body: signupForm({ contactPerson: '' }), ip: from });
    for (let i = 0; i < 10; i += 1) expectError(await attempt(ip), 400, ErrorCodes.step3Required);
    const limited = await attempt(ip);
    expectError(limited, 429, ErrorCodes.rateLimited);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expectError(await attempt(nextIp()), 400, ErrorCodes.step3Required);
  });
});

describeEachDatabase('e-mail check (POST /api/user/check/)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers available for a new address and unavailable for a registered one, in any case', async () => {
    const { email } = await signUp(t);
    const ip = nextIp();
    const check = async (address: string) => {
      const response = await call(t.app, 'POST', '/api/user/check/', { body: { email: address }, ip });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ available: boolean }>();
    };
    expect(await check(uniqueEmail('free'))).toEqual({ available: true });
    expect(await check(email)).toEqual({ available: false });
    expect(await check(` ${email.toUpperCase()} `)).toEqual({ available: false });
  });

  it('answers the path without the trailing slash too', async () => {
    const response = await call(t.app, 'POST', '/api/user/check', {
      body: { email: uniqueEmail('x') },
      ip: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ available: true });
  });

  it('refuses a missing, non-string or huge address with 400', async () => {
    for (const body of [{}, { email: 7 }, { email: `${'a'.repeat(300)}@partner.example` }]) {
      const response = await call(t.app, 'POST', '/api/user/check/', { body, ip: nextIp() });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('limits checks per address (60 in ten minutes)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i += 1) {
      const response = await call(t.app, 'POST', '/api/user/check/', {
        body: { email: `probe${i}@partner.example` },
        ip,
      });
      expect(response.statusCode).toBe(200);
    }
    const limited = await call(t.app, 'POST', '/api/user/check/', {
      body: { email: 'probe@partner.example' },
      ip,
    });
    expectError(limited, 429, ErrorCodes.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

// The confirm link is read from the mail, never from the database: the mail is what a person has.
describeEachDatabase('signup mail link', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('gives every signup its own random confirm token of at least 128 bits', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    expect(first.confirm.token).not.toBe(second.confirm.token);
    expect(first.confirm.token.length).toBeGreaterThanOrEqual(22);
    expect(linkIn(first.mail, '/confirm/').token).toBe(first.confirm.token);
    // The token is stored hashed: the link table never holds it in clear text.
    const links = await t.context.database.db.selectFrom('user_links').select('token_hash').execute();
    expect(links.map((link) => link.token_hash)).not.toContain(first.confirm.token);
    expect(links).toHaveLength(2);
  });
});
