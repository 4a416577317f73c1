import {
  APPROVAL_PROMISE_HOURS,
  ErrorCodes,
  isInternalEmail,
  type AdminUser,
  type AuditAction,
  type AuditAnswer,
  type RegistrationsAnswer,
  type RemovalRequestsAnswer,
  type AdminUsersAnswer,
} from '@mediabox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { UserRow, UserUpdate } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Tickets } from '../../platform/http/tickets.js';
import type { ActiveUsers } from '../../platform/security/active-users.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { MailOutbox } from '../../platform/mail/mail-job.js';
import { activationMail, type MailRecipient } from '../accounts/accounts.mails.js';
import { mainFileOf } from '../catalogue/asset-presenter.js';
import type { CatalogueRepository, FileRow } from '../catalogue/catalogue.repository.js';
import type { SearchIndex } from '../search/search-index.js';
import type { searchReindexJob } from '../search/search-reindex.job.js';
import type { TakedownService } from '../takedown/takedown.service.js';
import {
  isoOrNull,
  languageOf,
  presentAdminUser,
  presentAuditEntry,
  presentRegistration,
  presentRemovalRequest,
  userStateOf,
} from './admin-presenter.js';
import { approvalReminderMail, rejectionMail } from './admin.mails.js';
import { writeAudit, type AdminActor, type AuditRecord } from '../audit/audit-log.js';
import type { AdminRepository, Page, UserFilter } from './admin.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** A reminder names this many registrations and counts the rest. */
const REMINDER_LISTED = 20;

export type { AdminActor } from '../audit/audit-log.js';

/** `mediabox user approve` acts as this actor in the audit log. */
export const CLI_ACTOR: AdminActor = { id: null, email: 'cli' };

export interface AdminDeps {
  repository: AdminRepository;
  catalogueRepository: CatalogueRepository;
  tickets: Tickets;
  search: Pick<SearchIndex, 'indexAssets'>;
  jobs: JobQueue;
  /** The durable job that brings the search index up to date after a withdrawal. */
  searchReindex: ReturnType<typeof searchReindexJob>;
  mail: MailOutbox;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  /** Told of deactivations, so the account's file and download links stop at once. */
  activeUsers: Pick<ActiveUsers, 'forget'>;
  /** Told of a withdrawal in its transaction: everyone who downloaded the asset gets a notice. */
  takedowns: Pick<TakedownService, 'recordChange'>;
}

/**
 * Administration by super users: approval of registrations, accounts, removal requests, and the
 * audit log every action writes in its own transaction. Routes check that the caller is a super
 * user; the rules about what may change (never one's own super-user flag or activity) are here.
 */
export class AdminService {
  constructor(private readonly deps: AdminDeps) {}

  private get repository() {
    return this.deps.repository;
  }
  private now() {
    return this.deps.clock.now();
  }

  // ---------- registrations ----------

  async registrations(page: Page): Promise<RegistrationsAnswer> {
    const { rows, total } = await this.repository.waitingRegistrations(page);
    return { registrations: rows.map(presentRegistration), total };
  }

  /**
   * Approves an account and mails "you may sign in now" in its language. Approving an approved
   * account changes and sends nothing; a rejected registration may still be approved (the
   * rejection is lifted); a deactivated account must be reactivated instead (409). An account whose
   * e-mail is not confirmed yet may be approved: the login still waits for the confirmation.
   */
  async approve(actor: AdminActor, userId: number): Promise<AdminUser> {
    const now = this.now();
    await this.repository.transaction(async (repository) => {
      const user = await this.findUser(repository, userId);
      if (user.approved_at !== null) return;
      if (user.deactivated_at !== null) {
        throw new AppError(ErrorCodes.adminNotWaiting, 'A deactivated account is not waiting for approval');
      }
      // An address of an internal domain becomes staff (jde) with the approval, not at sign-up.
      const staff = isInternalEmail(user.email, this.deps.config.internalEmailDomains);
      // Lost to a concurrent approval or deactivation: that one wrote its own row and mail.
      if (!(await repository.approve(userId, now, staff))) return;
      const after = {
        ...user,
        approved_at: now,
        rejected_at: null,
        rejection_reason: null,
        jde: staff ? 1 : user.jde,
      };
      await this.audit(repository, {
        actor,
        action: 'registration.approve',
        targetType: 'user',
        targetId: userId,
        before: { ...decisionFields(user), internal: user.jde === 1 },
        after: { ...decisionFields(after), internal: after.jde === 1 },
      });
      await this.deps.mail.queue(
        activationMail(recipientOf(user), this.link('/login'), this.deps.config.companyName),
        { executor: repository.db },
      );
    });
    return this.user(userId);
  }

  /** `mediabox user approve EMAIL`: the same approval, by address, as the command line. */
  async approveByEmail(email: string, actor: AdminActor = CLI_ACTOR): Promise<AdminUser> {
    const user = await this.repository.accounts.findUserByEmail(email.trim().toLowerCase());
    if (!user) throw new AppError(ErrorCodes.adminUserNotFound, `No user ${email}`);
    return this.approve(actor, user.id);
  }

  /**
   * Rejects a registration and mails the reason, if any, in the applicant's language. The row stays
   * (rejected_at): the address cannot silently register again, login is refused, and a super user
   * can still approve it later. Only registrations that are neither approved, rejected nor
   * deactivated can be rejected (409): an active account is deactivated instead.
   */
  async reject(actor: AdminActor, userId: number, reason: string): Promise<AdminUser> {
    const now = this.now();
    await this.repository.transaction(async (repository) => {
      const user = await this.findUser(repository, userId);
      const waiting = user.approved_at === null && user.deactivated_at === null && user.rejected_at === null;
      if (!waiting || !(await repository.reject(userId, reason || null, now))) {
        throw new AppError(ErrorCodes.adminNotWaiting, 'This account is not waiting for approval');
      }
      const after = { ...user, rejected_at: now, rejection_reason: reason || null };
      await this.audit(repository, {
        actor,
        action: 'registration.reject',
        targetType: 'user',
        targetId: userId,
        before: decisionFields(user),
        after: decisionFields(after),
      });
      await this.deps.mail.queue(
        rejectionMail(recipientOf(user), reason, this.link('/contact'), this.deps.config.companyName),
        { executor: repository.db },
      );
    });
    return this.user(userId);
  }

  /**
   * Daily reminder: when any registration has waited longer than the promised 24 hours since its
   * confirmation, every active super user gets one mail listing them, at most once per UTC day
   * (the day's row is claimed in the transaction that queues the mails). Answers the mails queued.
   */
  async sendApprovalReminders(): Promise<number> {
    const now = this.now();
    const overdue = await this.repository.overdueRegistrations(
      now - APPROVAL_PROMISE_HOURS * HOUR_MS,
      REMINDER_LISTED,
    );
    if (overdue.total === 0) return 0;
    const admins = await this.repository.activeSuperUsers();
    if (admins.length === 0) {
      this.deps.log.warn(
        { waiting: overdue.total },
        'registrations wait for approval, but no super user is active',
      );
      return 0;
    }
    const listed = overdue.rows.map((user) => ({
      name: `${user.firstname} ${user.lastname}`.trim(),
      company: user.company,
      email: user.email,
      waitingHours: Math.floor((now - Number(user.email_confirmed_at)) / HOUR_MS),
    }));
    const day = new Date(now).toISOString().slice(0, 10);
    return this.repository.transaction(async (repository) => {
      if (!(await repository.claimReminderDay(day, now, overdue.total))) return 0;
      for (const admin of admins) {
        await this.deps.mail.queue(
          approvalReminderMail(
            recipientOf(admin),
            { listed, total: overdue.total },
            this.link('/admin/registrations'),
            this.deps.config.companyName,
          ),
          { executor: repository.db },
        );
      }
      return admins.length;
    });
  }

  // ---------- users ----------

  async users(filter: UserFilter, page: Page): Promise<AdminUsersAnswer> {
    const { rows, total } = await this.repository.users(filter, page);
    const counts = await this.repository.downloadCounts(rows.map((row) => row.id));
    return { users: rows.map((row) => presentAdminUser(row, counts.get(row.id) ?? 0)), total };
  }

  async user(userId: number): Promise<AdminUser> {
    const user = await this.findUser(this.repository, userId);
    const counts = await this.repository.downloadCounts([userId]);
    return presentAdminUser(user, counts.get(userId) ?? 0);
  }

  /**
   * Sets the internal (jde) and super-user flags and deactivates or reactivates, writing one audit
   * row per real change. Deactivation ends every session at once (their next call is 401). A super
   * user can neither remove their own super-user flag nor deactivate themself (409): so there is
   * always one super user left who can undo a mistake. Flag changes take effect on the next call,
   * as every call reads the account's flags anew.
   */
  async updateUser(
    actor: AdminActor,
    userId: number,
    change: { jde?: boolean | undefined; isSuperUser?: boolean | undefined; active?: boolean | undefined },
  ): Promise<AdminUser> {
    if (actor.id === userId && (change.isSuperUser === false || change.active === false)) {
      throw new AppError(
        ErrorCodes.adminSelfChange,
        'You cannot remove your own super-user rights or deactivate yourself',
      );
    }
    const now = this.now();
    await this.repository.transaction(async (repository) => {
      const user = await this.findUser(repository, userId);
      const updates: UserUpdate = {};
      const records: Omit<AuditRecord, 'actor' | 'targetType' | 'targetId'>[] = [];
      if (change.jde !== undefined && change.jde !== (user.jde === 1)) {
        updates.jde = change.jde ? 1 : 0;
        records.push({
          action: 'user.setInternal',
          before: { jde: !change.jde },
          after: { jde: change.jde },
        });
      }
      if (change.isSuperUser !== undefined && change.isSuperUser !== (user.is_super_user === 1)) {
        updates.is_super_user = change.isSuperUser ? 1 : 0;
        records.push({
          action: 'user.setSuperUser',
          before: { isSuperUser: !change.isSuperUser },
          after: { isSuperUser: change.isSuperUser },
        });
      }
      const deactivate = change.active === false && user.deactivated_at === null;
      const reactivate = change.active === true && user.deactivated_at !== null;
      if (deactivate || reactivate) {
        updates.deactivated_at = deactivate ? now : null;
        records.push({
          action: deactivate ? 'user.deactivate' : 'user.reactivate',
          before: activityFields(user),
          after: activityFields({ ...user, deactivated_at: updates.deactivated_at }),
        });
      }
      if (records.length === 0) return;
      await repository.accounts.updateUser(userId, { ...updates, updated_at: now });
      // The access check resolves the account on every call and refuses deactivated ones; the
      // sessions go too, so that a later reactivation does not bring old tokens back.
      if (deactivate) await repository.accounts.deleteSessionsOfUser(userId);
      for (const record of records) {
        await this.audit(repository, { ...record, actor, targetType: 'user', targetId: userId });
      }
    });
    this.deps.activeUsers.forget(userId);
    return this.user(userId);
  }

  // ---------- removal requests ----------

  async removalRequests(page: Page): Promise<RemovalRequestsAnswer> {
    const { rows, total } = await this.repository.pendingRemovals(page);
    const files = groupByAsset(await this.deps.catalogueRepository.currentFiles(rows.map((row) => row.id)));
    const sign = await this.deps.tickets.signer();
    return {
      requests: rows.map((row) => {
        const main = mainFileOf(files.get(row.id) ?? []);
        return presentRemovalRequest(row, main ? sign(main.id, 'thumb') : null);
      }),
      total,
    };
  }

  /**
   * Confirms a removal request: the asset is withdrawn. Every read of the catalogue (browse, asset
   * page, file tickets, GS1 links, cart, bundles made before) skips withdrawn assets; the search index
   * drops it right after the commit, and a job queued in the same transaction makes sure it does even
   * if the process dies in between. Everyone who downloaded the asset is owed a takedown notice,
   * written in the same transaction; answers how many people that is.
   */
  async confirmRemoval(actor: AdminActor, assetId: number): Promise<number> {
    const now = this.now();
    const told = await this.repository.transaction(async (repository) => {
      const asset = await this.pendingRemoval(repository, assetId);
      if (!(await repository.withdraw(assetId, now))) throw noPendingRequest();
      await this.audit(repository, {
        actor,
        action: 'removal.confirm',
        targetType: 'asset',
        targetId: assetId,
        before: { ...requestFields(asset), withdrawnAt: null },
        after: { ...requestFields(asset), withdrawnAt: isoOrNull(now) },
      });
      await this.deps.jobs.enqueue(
        this.deps.searchReindex,
        { assetIds: [assetId] },
        { executor: repository.db },
      );
      return this.deps.takedowns.recordChange(repository.db, {
        assetId,
        kind: 'withdrawn',
        actorId: actor.id,
      });
    });
    try {
      await this.deps.search.indexAssets([assetId]);
    } catch (err) {
      // Hidden anyway (search answers only visible assets); the queued job retries the index.
      this.deps.log.warn({ err, assetId }, 'withdrawn asset not yet removed from the search index');
    }
    return told;
  }

  /** Dismisses a removal request: the request is cleared (the audit row keeps who asked and why). */
  async dismissRemoval(actor: AdminActor, assetId: number): Promise<void> {
    await this.repository.transaction(async (repository) => {
      const asset = await this.pendingRemoval(repository, assetId);
      if (!(await repository.dismissRemoval(assetId))) throw noPendingRequest();
      await this.audit(repository, {
        actor,
        action: 'removal.dismiss',
        targetType: 'asset',
        targetId: assetId,
        before: requestFields(asset),
        after: { removalRequestedAt: null, removalRequestedBy: null, removalReason: null },
      });
    });
  }

  // ---------- audit log ----------

  async auditLog(action: AuditAction | undefined, page: Page): Promise<AuditAnswer> {
    const { rows, total } = await this.repository.auditEntries(action, page);
    return { entries: rows.map(presentAuditEntry), total };
  }

  // ---------- helpers ----------

  private async findUser(repository: AdminRepository, userId: number): Promise<UserRow> {
    const user = await repository.accounts.findUserById(userId);
    if (!user) throw new AppError(ErrorCodes.adminUserNotFound, 'No such user');
    return user;
  }

  private async pendingRemoval(repository: AdminRepository, assetId: number) {
    const asset = await repository.findAssetRemovalState(assetId);
    if (!asset) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');
    if (asset.withdrawn_at !== null || asset.removal_requested_at === null) throw noPendingRequest();
    return asset;
  }

  private async audit(repository: AdminRepository, record: AuditRecord): Promise<void> {
    await writeAudit(repository.db, this.now(), record);
  }

  private link(pathname: string): string {
    return `${this.deps.config.publicUrl}${pathname}`;
  }
}

function noPendingRequest() {
  return new AppError(ErrorCodes.adminNoRemovalRequest, 'This asset has no pending removal request');
}

function recipientOf(user: Pick<UserRow, 'email' | 'firstname' | 'lastname' | 'lang'>): MailRecipient {
  return {
    email: user.email,
    name: `${user.firstname} ${user.lastname}`.trim(),
    lang: languageOf(user.lang),
  };
}

/** What approval and rejection change. */
function decisionFields(
  user: Pick<
    UserRow,
    'email_confirmed_at' | 'approved_at' | 'deactivated_at' | 'rejected_at' | 'rejection_reason'
  >,
) {
  return {
    state: userStateOf(user),
    approvedAt: isoOrNull(user.approved_at),
    rejectedAt: isoOrNull(user.rejected_at),
    rejectionReason: user.rejection_reason,
  };
}

/** What deactivation and reactivation change. */
function activityFields(
  user: Pick<UserRow, 'email_confirmed_at' | 'approved_at' | 'deactivated_at' | 'rejected_at'>,
) {
  return { state: userStateOf(user), deactivatedAt: isoOrNull(user.deactivated_at) };
}

function requestFields(asset: {
  removal_requested_at: number | null;
  removal_requested_by: number | null;
  removal_reason: string | null;
}) {
  return {
    removalRequestedAt: isoOrNull(asset.removal_requested_at),
    removalRequestedBy: asset.removal_requested_by,
    removalReason: asset.removal_reason,
  };
}

function groupByAsset(files: FileRow[]): Map<number, FileRow[]> {
  const grouped = new Map<number, FileRow[]>();
  for (const file of files) {
    const list = grouped.get(file.assetId);
    if (list) list.push(file);
    else grouped.set(file.assetId, [file]);
  }
  return grouped;
}
