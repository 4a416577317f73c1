import type { Language, SignupRequest, StoredUser } from '@mediabox/contract';
import { expect } from 'vitest';
import { lastMailTo, linkIn } from './mails.js';
import { call, type TestApp } from './test-app.js';

export type Role = 'registered' | 'internal' | 'super';

let sequence = 0;
let ipSequence = 0;

/** A fresh client address, so rate limits of one test never touch another. */
export function nextIp(): string {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

/** A unique address; partners are outside, staff inside the internal domain of the test config. */
export function uniqueEmail(prefix: string, internal = false): string {
  sequence += 1;
  return `${prefix}-${sequence}@${internal ? 'nordstern-kaffee.example' : 'partner.example'}`;
}

/** Creates a confirmed and approved account of the given role through the service the CLI uses (no sign-in). */
export async function createAccount(
  t: TestApp,
  role: Role,
  overrides: { email?: string; password?: string; lang?: Language } = {},
) {
  const email = overrides.email ?? uniqueEmail(role, role !== 'registered');
  const password = overrides.password ?? `Secret-${role}-${sequence}`;
  const row = await t.context.accounts.createUser({
    email,
    password,
    firstname: 'Test',
    lastname: role,
    company: role === 'registered' ? 'Partner GmbH' : 'Nordstern Kaffee GmbH',
    superUser: role === 'super',
    internal: role === 'internal',
    ...(overrides.lang ? { lang: overrides.lang } : {}),
  });
  return { email, password, row };
}

/** Signs in through the API (from a fresh address unless told) and answers the stored user with its token. */
export async function logIn(t: TestApp, email: string, password: string, ip = nextIp()): Promise<StoredUser> {
  const response = await call(t.app, 'POST', '/api/user/login', { body: { username: email, password }, ip });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoredUser>();
}

/** Creates an approved account of the given role and signs it in through the API. */
export async function signInAs(
  t: TestApp,
  role: Role,
  overrides: { email?: string; password?: string; lang?: Language } = {},
) {
  const { email, password, row } = await createAccount(t, role, overrides);
  const user = await logIn(t, email, password);
  return { email, password, token: user.token, user, row };
}

/** A complete, valid signup of a partner (not internal); override any field. */
export function signupForm(overrides: Partial<SignupRequest> = {}): SignupRequest {
  const password = overrides.password ?? 'Kaffee-Bohne-42';
  return {
    email: uniqueEmail('signup'),
    password,
    passwordRepeat: password,
    company: 'Rösterei Partner AG',
    firstname: 'Erika',
    lastname: 'Muster',
    phone: '+49 40 123456',
    contactPerson: 'Max Vertrieb',
    tou: true,
    lang: 'de',
    ...overrides,
  };
}

/** Signs up through the API and answers the confirm link taken from the mail that was sent. */
export async function signUp(t: TestApp, overrides: Partial<SignupRequest> = {}, ip = nextIp()) {
  const form = signupForm(overrides);
  const response = await call(t.app, 'PUT', '/api/user/', { body: form, ip });
  expect(response.statusCode, response.body).toBe(200);
  const mail = await lastMailTo(t, form.email.toLowerCase());
  return {
    form,
    email: form.email.toLowerCase(),
    password: form.password,
    mail,
    confirm: linkIn(mail, '/confirm/'),
  };
}

/** The API path of a link taken from a mail: /confirm/T -> /api/user/confirm/T. */
export function apiPathOf(link: { path: string }): string {
  return `/api/user${link.path}`;
}

/** The stored row of an account, read from the real database (undefined when there is none). */
export function findUser(t: TestApp, email: string) {
  return t.context.database.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Expects an error answer with this status and code (and, when given, this field error). */
export function expectError(
  response: { statusCode: number; body: string; json: <T>() => T },
  status: number,
  code: string,
  field?: string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  const answer = response.json<{
    error: { code: string; message: string; fields?: { path: string; code: string }[] };
  }>();
  expect(answer.error.code, response.body).toBe(code);
  expect(typeof answer.error.message).toBe('string');
  if (field !== undefined) expect(answer.error.fields, response.body).toContainEqual({ path: field, code });
}
