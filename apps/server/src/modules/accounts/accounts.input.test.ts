import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { findUser, nextIp, signInAs } from '../../test/users.js';

/** Every account call that takes a body; `user` ones are sent with a valid token so the body is what is judged. */
const ROUTES = [
  { method: 'POST', path: '/api/user/login', user: false, fields: ['username', 'password'] },
  { method: 'POST', path: '/api/user/', user: true, fields: ['user'] },
  { method: 'DELETE', path: '/api/user/', user: true, fields: ['user', 'password'] },
  {
    method: 'PUT',
    path: '/api/user/',
    user: false,
    fields: [
      'email',
      'password',
      'passwordRepeat',
      'company',
      'firstname',
      'lastname',
      'phone',
      'contactPerson',
      'tou',
      'lang',
      'jde',
    ],
  },
  { method: 'POST', path: '/api/user/forgot_password/', user: false, fields: ['username', 'lang'] },
  { method: 'POST', path: '/api/user/check/', user: false, fields: ['email'] },
  {
    method: 'POST',
    path: '/api/user/reset_password/DDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDDD',
    user: false,
    fields: ['password', 'passwordRepeat'],
  },
  {
    method: 'POST',
    path: '/api/user/contact',
    user: false,
    fields: ['name', 'email', 'phone', 'message', 'userId'],
  },
] as const;

const each = (fields: readonly string[], value: unknown) =>
  Object.fromEntries(fields.map((field) => [field, value]));

/** Bodies no client of ours sends: wrong types, nothing at all, huge strings, unknown fields only, prototype tricks. */
const BAD_BODIES = (fields: readonly string[]): [string, string | undefined][] => [
  ['no body', undefined],
  ['an empty JSON body', ''],
  ['null', 'null'],
  ['an array', '[1,2,3]'],
  ['a string', '"hello"'],
  ['a number', '42'],
  ['an empty object', '{}'],
  ['unknown fields only', JSON.stringify({ isSuperUser: true, admin: 1, $where: '1' })],
  ['every field a number', JSON.stringify(each(fields, 12345678))],
  ['every field null', JSON.stringify(each(fields, null))],
  ['every field an array', JSON.stringify(each(fields, ['a', 'b']))],
  ['every field an object', JSON.stringify(each(fields, { nested: { deeper: [1, { x: 'y' }] } }))],
  ['every field 60 000 characters', JSON.stringify(each(fields, `${'a'.repeat(60_000)}@partner.example`))],
  [
    'a prototype-polluting body',
    `{"__proto__":{"isSuperUser":true},"constructor":{"prototype":{"jde":true}}}`,
  ],
  ['deeply nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`],
];

describeEachDatabase('bad input never gives a 500', (dialect) => {
  let t: TestApp;
  let token: string;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token, email } = await signInAs(t, 'registered'));
  });
  afterAll(() => t.close());

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      for (const [label, payload] of BAD_BODIES(route.fields)) {
        const response = await t.app.inject({
          method: route.method,
          url: route.path,
          remoteAddress: nextIp(),
          headers: {
            ...(route.user ? { authorization: `Bearer ${token}` } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        });
        const what = `${label}: ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, what).toBeLessThan(500);
        const answer = response.json<{ error: { code: string; message: string } }>();
        expect(answer.error.code, what).toMatch(/^[A-Za-z0-9]+(\.[A-Za-z0-9]+)+$/);
        expect(response.body, what).not.toMatch(/at .+\.(ts|js):\d+/);
      }
      // Nothing of it touched the signed-in account or made anyone a super user.
      expect(await findUser(t, email)).toMatchObject({ is_super_user: 0, jde: 0 });
      expect(({} as Record<string, unknown>).isSuperUser).toBeUndefined();
    },
  );

  it('answers a form-encoded body with 415 and a plain-text one with 400', async () => {
    const send = (contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: nextIp(),
        headers: { 'content-type': contentType },
        payload: 'username=a@b.example&password=x',
      });
    const form = await send('application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject({ error: { code: 'errors.unsupportedMediaType' } });
    const text = await send('text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: { code: 'errors.validation' } });
  });

  it('signs in with a body that carries unknown fields besides the right ones', async () => {
    const account = await signInAs(t, 'registered');
    const response = await call(t.app, 'POST', '/api/user/login', {
      body: { username: account.email, password: account.password, remember: true, isSuperUser: true },
      ip: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ isSuperUser: boolean }>().isSuperUser).toBe(false);
  });
});
