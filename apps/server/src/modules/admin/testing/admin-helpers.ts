import type { AuditAnswer, AuditEntry, AuditTargetType, Language } from '@mediabox/contract';
import { expect } from 'vitest';
import { call, type TestApp } from '../../../test/test-app.js';
import { apiPathOf, findUser, nextIp, signUp } from '../../../test/users.js';

/** Signs up through the API and confirms the e-mail: a registration waiting for approval. */
export async function confirmedRegistration(
  t: TestApp,
  overrides: {
    lang?: Language;
    company?: string;
    firstname?: string;
    lastname?: string;
    email?: string;
  } = {},
) {
  const signup = await signUp(t, overrides);
  const confirmed = await call(t.app, 'POST', apiPathOf(signup.confirm), { ip: nextIp() });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const row = await findUser(t, signup.email);
  return { ...signup, id: row!.id };
}

/** Signs up without confirming: a registration still pending its e-mail confirmation. */
export async function unconfirmedRegistration(t: TestApp, overrides: { lang?: Language } = {}) {
  const signup = await signUp(t, overrides);
  const row = await findUser(t, signup.email);
  return { ...signup, id: row!.id };
}

/** The newest audit entries for one target, as the audit call answers them. */
export async function auditOf(
  t: TestApp,
  token: string,
  target: { type: AuditTargetType; id: number },
): Promise<AuditEntry[]> {
  const response = await call(t.app, 'GET', '/api/admin/audit?limit=200', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<AuditAnswer>()
    .entries.filter((entry) => entry.targetType === target.type && entry.targetId === target.id);
}
