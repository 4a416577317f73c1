import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { pingDatabase, type DatabaseHandle } from '../../platform/db/database.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { migrationState } from '../../platform/db/migration-state.js';
import { GHOSTSCRIPT_MISSING, ghostscriptInstalled } from '../media/ghostscript-availability.js';

export type ReadinessPart = 'database' | 'migrations' | 'blobs';

/** What readiness looks at: the database, the blob store, and the log that says why not. */
export interface ReadinessDependencies {
  database: Pick<DatabaseHandle, 'db'>;
  blobs: Pick<BlobStore, 'exists'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface PartState {
  ok: boolean;
  /** Why a part is not ready; generic on purpose (the answer is public), the log has the error. */
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: Record<ReadinessPart, PartState>;
  /** Informational: what this instance lacks without being unready (no Ghostscript: EPS placeholders). */
  notices?: string[];
}

/** A check that hangs (a database behind a dead network path) must fail, not hold the probe. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * sha256 of the empty input. Asking the blob store whether it has this blob proves that the store
 * answers (S3: credentials, bucket, network) without depending on any content.
 */
const PROBE_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * Readiness: may this instance take traffic? Its database answers, its schema is the one this
 * version expects (an instance that started before a migration finished, or a database restored
 * from an older backup, says so), and its blob store answers. The parts are checked side by side.
 */
export async function checkReadiness(
  context: ReadinessDependencies,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const check = (part: ReadinessPart, run: () => Promise<string | undefined | void>) =>
    checkPart(context, part, run, timeoutMs);
  const [database, migrations, blobs] = await Promise.all([
    check('database', async () => {
      await pingDatabase(context.database.db);
    }),
    check('migrations', async () => {
      const { pending } = await migrationState(context.database.db as unknown as Kysely<unknown>);
      return pending.length > 0 ? `${pending.length} migration(s) pending` : undefined;
    }),
    check('blobs', async () => {
      await context.blobs.exists(PROBE_SHA256);
    }),
  ]);
  const ready = database.ok && migrations.ok && blobs.ok;
  const notices = ghostscriptInstalled() ? [] : [GHOSTSCRIPT_MISSING];
  return { ready, checks: { database, migrations, blobs }, ...(notices.length > 0 ? { notices } : {}) };
}

/** Runs one check: it fails by throwing, timing out, or answering a reason. */
async function checkPart(
  context: Pick<ReadinessDependencies, 'log'>,
  part: ReadinessPart,
  run: () => Promise<string | undefined | void>,
  timeoutMs: number,
): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const reason = await Promise.race([run(), timeout]);
    if (reason) {
      context.log.warn({ part, reason }, 'not ready');
      return { ok: false, detail: reason };
    }
    return { ok: true };
  } catch (err) {
    context.log.warn({ err, part }, 'not ready');
    return { ok: false, detail: part === 'blobs' ? 'blob store unreachable' : 'database unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
