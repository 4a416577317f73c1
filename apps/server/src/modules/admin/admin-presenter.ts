import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type AdminUser,
  type AuditAction,
  type AuditEntry,
  type AuditTargetType,
  type Language,
  type PendingRemovalRequest,
  type Registration,
  type UserState,
} from '@mediabox/contract';
import type { UserRow } from '../../platform/db/schema.js';
import type { AuditRow, PendingRemovalRow } from './admin.repository.js';

type LifecycleFields = Pick<UserRow, 'email_confirmed_at' | 'approved_at' | 'deactivated_at' | 'rejected_at'>;

/** The state of `USER_STATES`, first match wins (the repository's SQL filter is the same partition). */
export function userStateOf(user: LifecycleFields): UserState {
  if (user.deactivated_at !== null) return 'deactivated';
  if (user.rejected_at !== null) return 'rejected';
  if (user.email_confirmed_at === null) return 'pendingConfirmation';
  if (user.approved_at === null) return 'waitingApproval';
  return 'active';
}

export function languageOf(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

export function isoOrNull(at: number | null): string | null {
  return at === null ? null : new Date(Number(at)).toISOString();
}

export function presentRegistration(user: UserRow): Registration {
  return {
    userId: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    company: user.company,
    contactPerson: user.contact_person,
    phone: user.phone,
    lang: languageOf(user.lang),
    jde: user.jde === 1,
    createdAt: new Date(Number(user.created_at)).toISOString(),
    confirmedAt: isoOrNull(user.email_confirmed_at),
  };
}

export function presentAdminUser(user: UserRow, downloadCount: number): AdminUser {
  return {
    ...presentRegistration(user),
    isSuperUser: user.is_super_user === 1,
    state: userStateOf(user),
    approvedAt: isoOrNull(user.approved_at),
    deactivatedAt: isoOrNull(user.deactivated_at),
    rejectedAt: isoOrNull(user.rejected_at),
    rejectionReason: user.rejection_reason,
    lastLoginAt: isoOrNull(user.last_login_at),
    downloadCount,
    // An account made by the provider has no password (an empty hash); a linked one keeps its own.
    signInMethod: user.sso_subject === null ? 'password' : user.password_hash === '' ? 'sso' : 'both',
  };
}

export function presentRemovalRequest(
  row: PendingRemovalRow,
  thumbTicket: string | null,
): PendingRemovalRequest {
  return {
    assetId: row.id,
    name: {
      de: row.name_de,
      ...(row.name_en !== null ? { en: row.name_en } : {}),
      ...(row.name_fr !== null ? { fr: row.name_fr } : {}),
    },
    rootId: row.root_id,
    thumbTicket,
    requestedAt: new Date(row.removal_requested_at).toISOString(),
    reason: row.removal_reason ?? '',
    requestedBy: row.requester
      ? {
          userId: row.requester.id,
          email: row.requester.email,
          firstname: row.requester.firstname,
          lastname: row.requester.lastname,
          company: row.requester.company,
        }
      : null,
  };
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    actor: { userId: row.actor_id, email: row.actor_email },
    action: row.action as AuditAction,
    targetType: row.target_type as AuditTargetType,
    targetId: row.target_id,
    before: parseFields(row.before),
    after: parseFields(row.after),
  };
}

function parseFields(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  const value: unknown = JSON.parse(json);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}
