import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/**
 * Approved, active partners written straight into the database, each with the asset in their
 * download history (`user_downloads`, what the takedown loop reads): thousands of downloaders in a
 * few statements, for tests and the takedown benchmark. Answers their ids in order.
 */
export async function insertDownloaders(
  db: Kysely<Database>,
  options: {
    assetId: number;
    /** The first downloader's number: emails are `${prefix}-${n}@partner.example`. */
    from: number;
    count: number;
    prefix: string;
    now: number;
    lang: (n: number) => string;
    downloadedAt: (n: number) => number;
  },
): Promise<number[]> {
  const { now } = options;
  const numbers = Array.from({ length: options.count }, (_, index) => options.from + index);
  const users = await db
    .insertInto('users')
    .values(
      numbers.map((n) => ({
        email: `${options.prefix}-${n}@partner.example`,
        password_hash: 'x',
        firstname: 'Partner',
        lastname: String(n),
        company: 'Partner GmbH',
        phone: '',
        contact_person: '',
        lang: options.lang(n),
        jde: 0,
        is_super_user: 0,
        email_confirmed_at: now,
        approved_at: now,
        deactivated_at: null,
        last_login_at: null,
        created_at: now,
        updated_at: now,
        tracking_consent: 1,
        tracking_consent_at: now,
        rejected_at: null,
        rejection_reason: null,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('user_downloads')
    .values(
      users.map((user, index) => ({
        user_id: user.id,
        asset_id: options.assetId,
        last_at: options.downloadedAt(numbers[index]!),
      })),
    )
    .execute();
  return users.map((user) => user.id);
}
