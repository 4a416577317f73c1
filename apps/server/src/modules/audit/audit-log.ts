import type { AuditAction, AuditTargetType } from '@mediabox/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { requireAuth } from '../../platform/http/auth.js';

/** Who does an audited action: a signed-in super user, the command line or the portal itself (no account). */
export interface AdminActor {
  id: number | null;
  email: string;
}

/** The signed-in super user of an admin call, as the audit log names them. */
export function actorOf(request: FastifyRequest): AdminActor {
  const auth = requireAuth(request);
  return { id: auth.id, email: auth.email };
}

export interface AuditRecord {
  actor: AdminActor;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  /** The changed fields before and after; null for what did not exist before or does not after. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Writes one audit row; pass the action's transaction, so the entry and the change commit together. */
export async function writeAudit(executor: Kysely<Database>, at: number, record: AuditRecord): Promise<void> {
  await executor
    .insertInto('audit_log')
    .values({
      at,
      actor_id: record.actor.id,
      actor_email: record.actor.email,
      action: record.action,
      target_type: record.targetType,
      target_id: record.targetId,
      before: record.before === null ? null : JSON.stringify(record.before),
      after: record.after === null ? null : JSON.stringify(record.after),
    })
    .execute();
}
