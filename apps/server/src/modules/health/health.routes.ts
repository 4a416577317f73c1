import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { pingDatabase } from '../../platform/db/database.js';
import { route } from '../../platform/http/route.js';
import { checkReadiness } from './readiness.js';

/**
 * Liveness (/api/health: the process answers and its database does) for load balancers and CI.
 * Readiness (/api/ready: database, schema and blob store, 503 naming the failing part) for a
 * proxy or orchestrator deciding whether to send this instance traffic.
 */
export const healthRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.health, async () => {
      await pingDatabase(context.database.db);
      return { status: 'ok' as const, database: context.database.dialect };
    });

    route(app, endpoints.ready, async (_request, reply) => {
      const { ready, checks, notices } = await checkReadiness(context);
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
