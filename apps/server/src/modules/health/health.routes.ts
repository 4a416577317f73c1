import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase, type DatabaseHandle } from '../../platform/db/database.js';
import { route } from '../../platform/http/route.js';
import { checkReadiness, type ReadinessDependencies } from './readiness.js';

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
    route(app, endpoints.health, async () => {
      await pingDatabase(deps.database.db);
      return { status: 'ok' as const, database: deps.database.dialect };
    });

    route(app, endpoints.ready, async (_request, reply) => {
      const { ready, checks, notices } = await checkReadiness(deps);
      const failing = (['database', 'migrations', 'blobs'] as const).filter((part) => !checks[part].ok);
      return (
        reply
          .code(ready ? 200 : 503)
          // A probe must see the state of now, never a cached answer.
          .header('cache-control', 'no-store')
          .send({ status: ready ? 'ready' : 'not-ready', failing, checks, ...(notices ? { notices } : {}) })
      );
    });
  };
