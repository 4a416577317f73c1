import type { Language, UserState } from '@mediabox/contract';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { foldCase } from '../../platform/db/case-fold.js';
import type { DialectName } from '../../platform/db/database.js';
import type { AuditLogTable, Database, UserRow } from '../../platform/db/schema.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Omit<AuditRow, 'id'>;

export interface Page {
  offset: number;
  limit: number;
}

export interface UserFilter {
  /** Substring of e-mail, first name, last name, "first last" or company; case-insensitive. */
  query?: string | undefined;
  state?: UserState | undefined;
  /** The whole company name, case-insensitive. */
  company?: string | undefined;
  lang?: Language | undefined;
}

/** The removal-request fields of an asset, whatever its state. */
export interface AssetRemovalState {
  id: number;
  removal_requested_at: number | null;
  removal_requested_by: number | null;
  removal_reason: string | null;
  withdrawn_at: number | null;
}

export interface PendingRemovalRow {
  id: number;
  root_id: number;
  name_de: string;
  name_en: string | null;
  name_fr: string | null;
  removal_requested_at: number;
  removal_reason: string | null;
  requester: { id: number; email: string; firstname: string; lastname: string; company: string } | null;
}

type Users = ExpressionBuilder<Database, 'users'>;

/** Neither deactivated nor rejected: the accounts whose state the confirmation and approval decide. */
const live = (eb: Users) => eb.and([eb('deactivated_at', 'is', null), eb('rejected_at', 'is', null)]);

/** The SQL of each state of `USER_STATES`; together they cover every account exactly once. */
function inState(eb: Users, state: UserState): Expression<SqlBool> {
  switch (state) {
    case 'deactivated':
      return eb('deactivated_at', 'is not', null);
    case 'rejected':
      return eb.and([eb('deactivated_at', 'is', null), eb('rejected_at', 'is not', null)]);
    case 'pendingConfirmation':
      return eb.and([live(eb), eb('email_confirmed_at', 'is', null)]);
    case 'waitingApproval':
      return eb.and([live(eb), eb('email_confirmed_at', 'is not', null), eb('approved_at', 'is', null)]);
    case 'active':
      return eb.and([live(eb), eb('email_confirmed_at', 'is not', null), eb('approved_at', 'is not', null)]);
  }
}

/** `%text%` for LIKE with `\` as the escape character, so that `%` and `_` typed by a user match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Case-insensitive, both sides folded in SQL by `foldCase`, so both engines fold the same Unicode way
 * (SQLite's own lower() folds ASCII only: "MÜLLER" would not find "Müller" there).
 */
function foldedContains(
  dialect: DialectName,
  column: Expression<string>,
  pattern: string,
): Expression<SqlBool> {
  return sql<SqlBool>`${foldCase(dialect, column)} like ${foldCase(dialect, pattern)} escape '\\'`;
}

function matches(eb: Users, dialect: DialectName, filter: UserFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    const contains = (column: Expression<string>) => foldedContains(dialect, column, pattern);
    conditions.push(
      eb.or([
        contains(eb.ref('email')),
        contains(eb.ref('firstname')),
        contains(eb.ref('lastname')),
        contains(sql<string>`${eb.ref('firstname')} || ' ' || ${eb.ref('lastname')}`),
        contains(eb.ref('company')),
      ]),
    );
  }
  if (filter.state) conditions.push(inState(eb, filter.state));
  if (filter.company) {
    conditions.push(
      sql<SqlBool>`${foldCase(dialect, eb.ref('company'))} = ${foldCase(dialect, filter.company)}`,
    );
  }
  if (filter.lang) conditions.push(eb('lang', '=', filter.lang));
  return eb.and(conditions);
}

/** The only place with SQL of the admin module; account rows are written through `accounts`. */
export class AdminRepository {
  /** The accounts repository on the same connection or transaction (user rows, sessions). */
  readonly accounts: AccountsRepository;

  constructor(
    readonly db: Kysely<Database>,
    /** Which SQL dialect `db` speaks, for `foldCase`. */
    readonly dialect: DialectName,
  ) {
    this.accounts = new AccountsRepository(db);
  }

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: AdminRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AdminRepository(trx, this.dialect)));
  }

  // ---------- registrations ----------

  /** Registrations waiting for approval, the longest-waiting first. */
  async waitingRegistrations(page: Page): Promise<{ rows: UserRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('users')
        .selectAll()
        .where((eb) => inState(eb, 'waitingApproval'))
        .orderBy('email_confirmed_at')
        .orderBy('id')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where((eb) => inState(eb, 'waitingApproval'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /** Waiting registrations confirmed before `confirmedBefore`: the first `limit` of them and how many there are. */
  async overdueRegistrations(
    confirmedBefore: number,
    limit: number,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const overdue = (eb: Users) =>
      eb.and([inState(eb, 'waitingApproval'), eb('email_confirmed_at', '<', confirmedBefore)]);
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('users')
        .selectAll()
        .where(overdue)
        .orderBy('email_confirmed_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where(overdue)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /**
   * Approves an account that is neither approved nor deactivated (lifting a rejection), as a
   * compare-and-set: of two concurrent approvals exactly one changes the row.
   */
  async approve(userId: number, now: number, staff: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({
        approved_at: now,
        rejected_at: null,
        rejection_reason: null,
        updated_at: now,
        ...(staff ? { jde: 1 } : {}),
      })
      .where('id', '=', userId)
      .where('approved_at', 'is', null)
      .where('deactivated_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Rejects a registration that is neither approved, rejected nor deactivated (compare-and-set). */
  async reject(userId: number, reason: string | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ rejected_at: now, rejection_reason: reason, updated_at: now })
      .where('id', '=', userId)
      .where('approved_at', 'is', null)
      .where('deactivated_at', 'is', null)
      .where('rejected_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // ---------- users ----------

  async users(filter: UserFilter, page: Page): Promise<{ rows: UserRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('users')
        .selectAll()
        .where((eb) => matches(eb, this.dialect, filter))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where((eb) => matches(eb, this.dialect, filter))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /** Recorded downloads per user, for a page of users (one grouped query on the user_id index). */
  async downloadCounts(userIds: number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('download_events')
      .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute();
    return new Map(
      rows.flatMap((row) => (row.user_id === null ? [] : [[row.user_id, Number(row.count)] as const])),
    );
  }

  /** Super users who can act on a reminder: confirmed, approved and not deactivated. */
  activeSuperUsers(): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('is_super_user', '=', 1)
      .where((eb) => inState(eb, 'active'))
      .orderBy('id')
      .execute();
  }

  // ---------- removal requests ----------

  async pendingRemovals(page: Page): Promise<{ rows: PendingRemovalRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('assets as a')
        .leftJoin('users as u', 'u.id', 'a.removal_requested_by')
        .select([
          'a.id',
          'a.root_id',
          'a.name_de',
          'a.name_en',
          'a.name_fr',
          'a.removal_requested_at',
          'a.removal_reason',
          'u.id as requester_id',
          'u.email as requester_email',
          'u.firstname as requester_firstname',
          'u.lastname as requester_lastname',
          'u.company as requester_company',
        ])
        .where('a.removal_requested_at', 'is not', null)
        .where('a.withdrawn_at', 'is', null)
        .orderBy('a.removal_requested_at')
        .orderBy('a.id')
        .offset(page.offset)
        .limit(page.limit)
        .execute(),
      this.db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('removal_requested_at', 'is not', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        root_id: row.root_id,
        name_de: row.name_de,
        name_en: row.name_en,
        name_fr: row.name_fr,
        removal_requested_at: Number(row.removal_requested_at),
        removal_reason: row.removal_reason,
        requester:
          row.requester_id === null
            ? null
            : {
                id: row.requester_id,
                email: row.requester_email ?? '',
                firstname: row.requester_firstname ?? '',
                lastname: row.requester_lastname ?? '',
                company: row.requester_company ?? '',
              },
      })),
      total: Number(count.count),
    };
  }

  findAssetRemovalState(assetId: number): Promise<AssetRemovalState | undefined> {
    return this.db
      .selectFrom('assets')
      .select(['id', 'removal_requested_at', 'removal_requested_by', 'removal_reason', 'withdrawn_at'])
      .where('id', '=', assetId)
      .executeTakeFirst();
  }

  /**
   * Withdraws an asset whose removal was requested (compare-and-set). The request fields stay: they
   * say who asked and why. Withdrawn assets drop out of every read of the catalogue, cart and bundles.
   */
  async withdraw(assetId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('assets')
      .set({ withdrawn_at: now })
      .where('id', '=', assetId)
      .where('withdrawn_at', 'is', null)
      .where('removal_requested_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Clears a pending removal request (compare-and-set); the asset may be asked about again. */
  async dismissRemoval(assetId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('assets')
      .set({ removal_requested_at: null, removal_requested_by: null, removal_reason: null })
      .where('id', '=', assetId)
      .where('withdrawn_at', 'is', null)
      .where('removal_requested_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // ---------- audit log ----------

  async auditEntries(action: string | undefined, page: Page): Promise<{ rows: AuditRow[]; total: number }> {
    let list = this.db.selectFrom('audit_log').selectAll();
    let count = this.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number | string>().as('count'));
    if (action) {
      list = list.where('action', '=', action);
      count = count.where('action', '=', action);
    }
    const [rows, total] = await Promise.all([
      list.orderBy('at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.count) };
  }

  // ---------- approval reminders ----------

  /** Claims the reminder of `day`; false when it went out already (whichever runner sent it). */
  async claimReminderDay(day: string, now: number, waiting: number): Promise<boolean> {
    // ON CONFLICT instead of catching a unique violation: on PostgreSQL that would abort the transaction.
    const inserted = await this.db
      .insertInto('approval_reminders')
      .values({ day, sent_at: now, waiting })
      .onConflict((oc) => oc.column('day').doNothing())
      .returning('day')
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
