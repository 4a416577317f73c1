import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/http/route.js';
import { actorOf } from '../audit/audit-log.js';
import type { TakedownService } from './takedown.service.js';

/** The takedown overview and "send now" for super users (the table's access rule). Thin. */
export const takedownRoutes =
  (takedowns: TakedownService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.adminTakedowns, async () => takedowns.overview());

    route(app, endpoints.adminSendTakedowns, async (request) => ({
      mailed: await takedowns.sendNow(actorOf(request)),
    }));
  };
