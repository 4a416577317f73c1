import { hashToken, randomToken } from '../platform/security/tokens.js';
import type { TestApp } from './test-app.js';
import { createAccount } from './users.js';

/**
 * Test-only: sessions and account states made directly in the database, so the permission tests
 * can hand every kind of caller a token without hundreds of argon2 sign-ins — and can give one to
 * accounts that could never sign in (waiting for approval, deactivated), to prove the server checks
 * the account on every request and not only at login.
 */
export async function mintSession(t: TestApp, userId: number): Promise<string> {
  const token = randomToken();
  const now = t.clock.now();
  await t.context.database.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + 24 * 60 * 60 * 1000,
    })
    .execute();
  return token;
}

/** A partner account whose e-mail is confirmed but which an administrator has not approved, or has deactivated. */
export async function accountInState(t: TestApp, state: 'waitingApproval' | 'deactivated'): Promise<number> {
  const { row } = await createAccount(t, 'registered');
  await t.context.database.db
    .updateTable('users')
    .set(state === 'waitingApproval' ? { approved_at: null } : { deactivated_at: t.clock.now() })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}
