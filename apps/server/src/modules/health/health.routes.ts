import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { pingDatabase } from '../../platform/db/database.js';

const HealthAnswer = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

/** Liveness (/api/health: the process answers and its database does) for load balancers and CI. */
export const healthRoutes =
  (context: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: HealthAnswer } } },
      async () => {
        await pingDatabase(context.database.db);
        return { status: 'ok' as const, database: context.database.dialect };
      },
    );
  };
