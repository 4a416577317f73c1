import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type DatabaseHandle } from '../../platform/db/database.js';
import { checkReadiness, type ReadinessDependencies } from './readiness.js';

const HealthAnswer = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

const PartState = z.object({ ok: z.boolean(), detail: z.string().optional() });
const ReadyAnswer = z.object({
  status: z.enum(['ready', 'not-ready']),
  /** The parts that are not ready (empty when ready). */
  failing: z.array(z.enum(['database', 'migrations', 'blobs'])),
  checks: z.object({ database: PartState, migrations: PartState, blobs: PartState }),
  /** Informational, never a reason to be unready: e.g. Ghostscript missing (EPS previews are placeholders). */
  notices: z.array(z.string()).optional(),
});

/** Liveness also names the database kind; readiness needs the rest. */
export interface HealthDependencies extends ReadinessDependencies {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
}

/**
 * Liveness (/api/health: the process answers and its database does) for load balancers and CI.
 * Readiness (/api/ready: database, schema and blob store, 503 naming the failing part) for a
 * proxy or orchestrator deciding whether to send this instance traffic.
 */
export const healthRoutes =
  (deps: HealthDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthAnswer } } },
      async () => {
        await pingDatabase(deps.database.db);
        return { status: 'ok' as const, database: deps.database.dialect };
      },
    );

    app.get(
      '/api/ready',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: ReadyAnswer, 503: ReadyAnswer } },
      },
      async (_request, reply) => {
        const { ready, checks, notices } = await checkReadiness(deps);
        const failing = (['database', 'migrations', 'blobs'] as const).filter((part) => !checks[part].ok);
        return (
          reply
            .code(ready ? 200 : 503)
            // A probe must see the state of now, never a cached answer.
            .header('cache-control', 'no-store')
            .send({ status: ready ? 'ready' : 'not-ready', failing, checks, ...(notices ? { notices } : {}) })
        );
      },
    );
  };
