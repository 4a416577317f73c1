import { ErrorCodes } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesOf, deliveredMailsTo } from '../../test/mails.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, nextIp, signInAs } from '../../test/users.js';

const SUPPORT = 'support@nordstern-kaffee.example';

describeEachDatabase('contact form (POST /api/user/contact)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const send = (body: unknown, options: { token?: string; ip?: string } = {}) =>
    call(t.app, 'POST', '/api/user/contact', {
      body,
      ip: options.ip ?? nextIp(),
      ...(options.token ? { token: options.token } : {}),
    });

  it('delivers a guest message to SUPPORT_EMAIL with the sender as reply-to', async () => {
    const marker = `Bitte um Zugang zu den Packshots ${Date.now()}`;
    const response = await send({
      name: 'Jana Gast',
      email: 'Jana.Gast@Partner.example',
      phone: '+49 30 555',
      message: `${marker}\nZweite Zeile`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    const mails = (await deliveredMailsTo(t, SUPPORT)).filter((mail) => mail.text?.includes(marker));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(addressesOf(mail.to)).toEqual([SUPPORT]);
    expect(addressesOf(mail.replyTo)).toEqual(['jana.gast@partner.example']);
    expect(addressesOf(mail.from)).toEqual(['no-reply@nordstern-kaffee.example']);
    expect(mail.subject).toBe('Kontaktanfrage von Jana Gast');
    expect(mail.text).toContain(`${marker}\nZweite Zeile`);
    expect(mail.text).toContain('Name: Jana Gast');
    expect(mail.text).toContain('Telefon: +49 30 555');
    expect(mail.text).not.toContain('Benutzerkonto');
  });

  it('names the account of a signed-in sender from the token, not from the form', async () => {
    const account = await signInAs(t, 'registered');
    const marker = `Frage von Konto ${account.row.id}`;
    const response = await send(
      { name: 'Konto Nutzer', email: account.email, message: marker, userId: 999_999 },
      { token: account.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await deliveredMailsTo(t, SUPPORT)).find((item) => item.text?.includes(marker));
    expect(mail?.text).toContain(`Benutzerkonto: #${account.row.id}`);
    expect(mail?.text).not.toContain('999999');
  });

  it('a dead token is treated as a guest, not refused', async () => {
    const response = await send(
      { name: 'Alter Token', email: 'alt@partner.example', message: 'dead token' },
      { token: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ' },
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('escapes markup of the sender in the HTML part', async () => {
    const response = await send({
      name: 'Mallory <b>',
      email: 'mallory@partner.example',
      message: '<script>alert(1)</script><img src=x>',
    });
    expect(response.statusCode).toBe(200);
    const mail = (await deliveredMailsTo(t, SUPPORT)).find((item) =>
      item.text?.includes('<script>alert(1)</script>'),
    );
    expect(mail).toBeDefined();
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img src=x>');
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  describe('validation', () => {
    const valid = { name: 'Jana Gast', email: 'jana@partner.example', message: 'Hallo' };
    const cases: [string, unknown, string, string][] = [
      ['a missing name', { ...valid, name: undefined }, ErrorCodes.required, 'name'],
      ['a name of one character', { ...valid, name: 'J' }, ErrorCodes.required, 'name'],
      [
        'a malformed e-mail',
        { ...valid, email: 'jana(at)partner.example' },
        ErrorCodes.invalidEmail,
        'email',
      ],
      ['a missing e-mail', { ...valid, email: undefined }, ErrorCodes.invalidEmail, 'email'],
      [
        'a message over 5000 characters',
        { ...valid, message: 'm'.repeat(5001) },
        ErrorCodes.tooLong,
        'message',
      ],
      ['a message that is an object', { ...valid, message: { text: 'x' } }, ErrorCodes.validation, 'message'],
      ['a userId that is an object', { ...valid, userId: { id: 1 } }, ErrorCodes.validation, 'userId'],
    ];
    it.each(cases)('refuses %s with 400 and sends nothing', async (_name, body, code, field) => {
      const before = (await t.mails()).length;
      expectError(await send(JSON.parse(JSON.stringify(body))), 400, code, field);
      await t.runJobs();
      expect((await t.mails()).length).toBe(before);
    });
  });

  it('limits messages per address: the 6th within ten minutes answers 429; another address still sends', async () => {
    const ip = nextIp();
    const message = { name: 'Viel Schreiber', email: 'viel@partner.example', message: 'noch eine' };
    for (let i = 0; i < 5; i += 1) expect((await send(message, { ip })).statusCode).toBe(200);
    const limited = await send(message, { ip });
    expectError(limited, 429, ErrorCodes.rateLimited);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await send(message, { ip: nextIp() })).statusCode).toBe(200);
  });
});
