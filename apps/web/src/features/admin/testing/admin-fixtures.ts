import type { AdminUser, AuditEntry, PendingRemovalRequest, Registration } from '@mediabox/contract';

/** Contract-shaped answers for tests; only what a test cares about is passed. */

const HOUR = 3_600_000;

export function registration(id: number, changes: Partial<Registration> = {}): Registration {
  return {
    userId: id,
    email: `user${id}@example.com`,
    firstname: 'Berta',
    lastname: `Muster ${id}`,
    company: 'Muster AG',
    contactPerson: 'Herr Kontakt',
    phone: '',
    lang: 'de',
    jde: false,
    createdAt: new Date(Date.now() - 30 * HOUR).toISOString(),
    confirmedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    ...changes,
  };
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR - 60_000).toISOString();

export function adminUser(id: number, changes: Partial<AdminUser> = {}): AdminUser {
  return {
    ...registration(id),
    isSuperUser: false,
    state: 'active',
    approvedAt: hoursAgo(20),
    deactivatedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    lastLoginAt: null,
    downloadCount: 0,
    ...changes,
  };
}

export function removalRequest(
  assetId: number,
  changes: Partial<PendingRemovalRequest> = {},
): PendingRemovalRequest {
  return {
    assetId,
    name: { de: `Kaffee ${assetId}`, en: `Coffee ${assetId}`, fr: '' },
    rootId: 1,
    thumbTicket: null,
    requestedAt: hoursAgo(3),
    reason: 'Veraltetes Motiv',
    requestedBy: {
      userId: 9,
      email: 'rita@example.com',
      firstname: 'Rita',
      lastname: 'Request',
      company: 'X',
    },
    ...changes,
  };
}

export function auditEntry(id: number, changes: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: hoursAgo(1),
    actor: { userId: 7, email: 'anna.beispiel@example.com' },
    action: 'user.deactivate',
    targetType: 'user',
    targetId: 12,
    before: { active: true },
    after: { active: false },
    ...changes,
  };
}
