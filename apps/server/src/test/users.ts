import type { StoredUser } from '@mediabox/contract';
import { expect } from 'vitest';
import { call, type TestApp } from './test-app.js';

export type Role = 'registered' | 'internal' | 'super';

let sequence = 0;

/** Creates an approved account of the given role and signs it in through the API. */
export async function signInAs(t: TestApp, role: Role, overrides: { email?: string; password?: string } = {}) {
  sequence += 1;
  const email = overrides.email ?? `${role}-${sequence}@${role === 'registered' ? 'partner.example' : 'nordstern-kaffee.example'}`;
  const password = overrides.password ?? `Secret-${role}-${sequence}`;
  await t.context.accounts.createUser({
    email,
    password,
    firstname: 'Test',
    lastname: role,
    company: role === 'registered' ? 'Partner GmbH' : 'Nordstern Kaffee GmbH',
    superUser: role === 'super',
    internal: role === 'internal',
  });
  const response = await call(t.app, 'POST', '/api/user/login', { body: { username: email, password } });
  expect(response.statusCode, response.body).toBe(200);
  const user = response.json<StoredUser>();
  return { email, password, token: user.token, user };
}
