import { z } from 'zod';
import { LocalizedText } from './catalogue.js';
import { LanguageSchema, NumericId } from './common.js';
import { ErrorCodes } from './error-codes.js';
import { SignInMethod } from './sso.js';

/**
 * Administration calls for super users (issue 6): registrations waiting for approval, users,
 * removal requests and the audit log, under /api/admin. Times in answers are ISO strings, like
 * every other answer of the API.
 */

export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_MAX_PAGE_SIZE = 200;

export const AdminPageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type AdminPageQuery = z.input<typeof AdminPageQuery>;

export const AdminUserParams = z.object({ id: NumericId });
export const AdminAssetParams = z.object({ assetId: NumericId });

/**
 * The lifecycle state of an account, first match wins: deactivated, rejected, pendingConfirmation
 * (e-mail not confirmed), waitingApproval (confirmed, not approved), active.
 */
export const USER_STATES = [
  'pendingConfirmation',
  'waitingApproval',
  'active',
  'deactivated',
  'rejected',
] as const;
export const UserState = z.enum(USER_STATES);
export type UserState = z.infer<typeof UserState>;

// ---------- registrations ----------

/** A registration waiting for approval: e-mail confirmed, neither approved, rejected nor deactivated. */
export const Registration = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  contactPerson: z.string(),
  phone: z.string(),
  lang: LanguageSchema,
  jde: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type Registration = z.infer<typeof Registration>;

/** `GET /api/admin/registrations`: oldest confirmation first (the one waiting longest on top). */
export const RegistrationsAnswer = z.object({
  registrations: z.array(Registration),
  total: z.number().int(),
});
export type RegistrationsAnswer = z.infer<typeof RegistrationsAnswer>;

/** `POST /api/admin/registrations/{id}/reject`: the reason goes into the mail to the applicant. */
export const RejectRegistrationRequest = z
  .object({ reason: z.string().trim().max(1000, { error: ErrorCodes.tooLong }).optional().default('') })
  .strict();
export type RejectRegistrationRequest = z.input<typeof RejectRegistrationRequest>;

// ---------- users ----------

/** An account as administrators see it: the registration's fields plus rights, state and activity. */
export const AdminUser = Registration.extend({
  isSuperUser: z.boolean(),
  state: UserState,
  approvedAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  /** Downloads recorded under this user's id (bundles and single originals). */
  downloadCount: z.number().int(),
  /** Issue 23: password, the company account (sso) or both (a linked account). */
  signInMethod: SignInMethod.optional(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/**
 * `GET /api/admin/users`: newest accounts first. `query` matches name, e-mail and company
 * (substring, case-insensitive); `company` is an exact (case-insensitive) match. Users have no
 * country, so there is no country filter; `lang` filters by the account's language instead.
 */
export const AdminUsersQuery = AdminPageQuery.extend({
  query: z.string().trim().max(200, { error: ErrorCodes.tooLong }).optional(),
  state: UserState.optional(),
  company: z.string().trim().max(200, { error: ErrorCodes.tooLong }).optional(),
  lang: LanguageSchema.optional(),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

export const AdminUsersAnswer = z.object({ users: z.array(AdminUser), total: z.number().int() });
export type AdminUsersAnswer = z.infer<typeof AdminUsersAnswer>;

/** `PATCH /api/admin/users/{id}`: any of the three; `active: false` deactivates and ends every session. */
export const AdminUserUpdate = z
  .object({
    jde: z.boolean().optional(),
    isSuperUser: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.jde !== undefined || body.isSuperUser !== undefined || body.active !== undefined, {
    error: ErrorCodes.required,
  });
export type AdminUserUpdate = z.input<typeof AdminUserUpdate>;

/** The answer of approve, reject and PATCH: the account as it is now. */
export const AdminUserAnswer = z.object({ user: AdminUser });
export type AdminUserAnswer = z.infer<typeof AdminUserAnswer>;

// ---------- removal requests ----------

export const AdminUserReference = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
});
export type AdminUserReference = z.infer<typeof AdminUserReference>;

export const PendingRemovalRequest = z.object({
  assetId: z.number().int(),
  name: LocalizedText,
  rootId: z.number().int(),
  /** A signed thumbnail URL of the main file (the app retries while it is being made); null without files. */
  thumbTicket: z.string().nullable(),
  requestedAt: z.string(),
  reason: z.string(),
  /** Null when the account that asked has been deleted since. */
  requestedBy: AdminUserReference.nullable(),
});
export type PendingRemovalRequest = z.infer<typeof PendingRemovalRequest>;

/** `GET /api/admin/removal-requests`: requests not decided yet, oldest first. */
export const RemovalRequestsAnswer = z.object({
  requests: z.array(PendingRemovalRequest),
  total: z.number().int(),
});
export type RemovalRequestsAnswer = z.infer<typeof RemovalRequestsAnswer>;

// ---------- audit log ----------

export const AUDIT_ACTIONS = [
  'registration.approve',
  'registration.reject',
  'user.deactivate',
  'user.reactivate',
  'user.setInternal',
  'user.setSuperUser',
  'removal.confirm',
  'removal.dismiss',
  'node.create',
  'node.update',
  'node.delete',
  'asset.upload',
  'asset.update',
  'asset.replaceFile',
  'asset.withdraw',
  'asset.restore',
  'job.retry',
  'job.dismiss',
  /** A super user mailed the pending takedown notices now instead of with the daily digest (issue 20.3). */
  'takedown.send',
  /** Conversion presets (issue 21.1): created, changed (names, or settings as a new version), retired, restored. */
  'preset.create',
  'preset.update',
  'preset.retire',
  'preset.restore',
  /** A throttle of the enumerable calls (address check, forgot password, sign-up) was reached (issue 17.3). */
  'abuse.limitReached',
  /** One asset changed by a bulk change, and put back by its undo (issue 22.5); `after.bulkChange` names it. */
  'bulk.change',
  'bulk.undo',
  /** A super user required (or stopped requiring) sign-in with the company account for staff (issue 23). */
  'sso.requireForStaff',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** `setting`: a portal-wide setting (target id 0), named by the action. */
export const AUDIT_TARGET_TYPES = ['user', 'asset', 'node', 'job', 'limit', 'preset', 'setting'] as const;
export const AuditTargetType = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetType>;

export const AuditQuery = AdminPageQuery.extend({ action: AuditAction.optional() });
export type AuditQuery = z.input<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `userId` null: done from the command line, or by an account deleted since (the e-mail stays). */
  actor: z.object({ userId: z.number().int().nullable(), email: z.string() }),
  action: AuditAction,
  targetType: AuditTargetType,
  targetId: z.number().int(),
  /** The changed fields before and after the action. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `GET /api/admin/audit`: newest first. */
export const AuditAnswer = z.object({ entries: z.array(AuditEntry), total: z.number().int() });
export type AuditAnswer = z.infer<typeof AuditAnswer>;

// ---------- background jobs ----------

/**
 * failed: used all attempts (dead); waiting: due or scheduled, including retries after an error and
 * the jobs a runner is running right now (`running` tells them apart).
 */
export const JOB_STATES = ['failed', 'waiting'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

export const AdminJobsQuery = AdminPageQuery.extend({ state: JobState.default('failed') });
export type AdminJobsQuery = z.input<typeof AdminJobsQuery>;
export const AdminJobParams = z.object({ id: NumericId });

/** A durable background job (mail, renditions, search index, clean-ups) as administrators see it. */
export const AdminJob = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The lane whose workers run it (see JOB_LANES). */
  lane: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When it runs (next); for a failed job when it would have. */
  runAt: z.string(),
  failedAt: z.string().nullable(),
  createdAt: z.string(),
  lastError: z.string().nullable(),
  /** A recurring job's row (cleanups, reminders): it is rescheduled after each run. */
  recurring: z.boolean(),
  /** A runner holds it right now (a live lease); `runAt` is then when this run was due. */
  running: z.boolean(),
});
export type AdminJob = z.infer<typeof AdminJob>;

/**
 * What this installation lacks that background work needs, as codes the app words:
 * `ghostscriptMissing` – no Ghostscript, so EPS files get placeholder previews until it is installed.
 */
export const SYSTEM_NOTICES = ['ghostscriptMissing'] as const;
export const SystemNotice = z.enum(SYSTEM_NOTICES);
export type SystemNotice = z.infer<typeof SystemNotice>;

/**
 * Background work runs in lanes, each with its own workers, so one kind never waits behind another
 * (issue 16): mail, search indexing, renditions (thumbnails and previews), housekeeping, and mail
 * sent in bulk (the takedown digests of issue 20.3), which must never hold up a single mail.
 */
export const JOB_LANES = ['mail', 'search', 'renditions', 'housekeeping', 'bulk-mail'] as const;
export const JobLaneSchema = z.enum(JOB_LANES);
export type JobLaneName = z.infer<typeof JobLaneSchema>;

/** One lane's queue right now: jobs waiting (due or later), jobs a runner holds, workers per instance. */
export const AdminJobLane = z.object({
  lane: JobLaneSchema,
  waiting: z.number().int(),
  running: z.number().int(),
  workersPerInstance: z.number().int(),
});
export type AdminJobLane = z.infer<typeof AdminJobLane>;

/** `GET /api/admin/jobs`: failed jobs newest first, or waiting jobs by when they run. */
export const AdminJobsAnswer = z.object({
  jobs: z.array(AdminJob),
  total: z.number().int(),
  /** Every lane with its queue, in JOB_LANES order. */
  lanes: z.array(AdminJobLane),
  /** Shown above the lists; absent or empty when there is nothing to say. */
  notices: z.array(SystemNotice).optional(),
});
export type AdminJobsAnswer = z.infer<typeof AdminJobsAnswer>;
/**
 * What a retry did: `retried` – the failed job runs again from its first attempt; `dismissed` – a
 * failed run of a recurring job whose schedule has queued a new run since: that run is the retry,
 * so the failed one was closed (it leaves the failed list) and nothing else runs.
 */
export const JOB_RETRY_OUTCOMES = ['retried', 'dismissed'] as const;
export const AdminJobAnswer = z.object({ job: AdminJob, outcome: z.enum(JOB_RETRY_OUTCOMES) });
export type AdminJobAnswer = z.infer<typeof AdminJobAnswer>;
