import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../platform/http/route.js';
import { actorOf } from '../../audit/audit-log.js';
import type { BulkChangeService } from './bulk-change.service.js';

/** Bulk changes under /api/admin/bulk (issue 22.5); super users only (the table's access rule). */
export const bulkChangesRoutes =
  (bulk: BulkChangeService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.adminStartBulkChange, async (request, reply) =>
      reply.status(201).send({ bulkChange: await bulk.start(actorOf(request), request.body) }),
    );

    route(app, endpoints.adminBulkChange, async (request) => ({
      bulkChange: await bulk.progress(actorOf(request), request.params.id),
    }));

    route(app, endpoints.adminUndoBulkChange, async (request) => ({
      bulkChange: await bulk.undo(actorOf(request), request.params.id),
    }));
  };
