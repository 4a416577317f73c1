import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import type { ListsService } from './lists.service.js';

/** Issue 22.4 under /api/lists: every call needs a signed-in, approved user. */
export const listsRoutes =
  (lists: ListsService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.lists, async (request) => lists.overview(requireAuth(request)));
    route(app, endpoints.createList, async (request, reply) => {
      const answer = await lists.create(requireAuth(request), request.body.name);
      return reply.status(201).send(answer);
    });
    route(app, endpoints.list, async (request) => lists.read(requireAuth(request), request.params.id));
    route(app, endpoints.renameList, async (request) =>
      lists.rename(requireAuth(request), request.params.id, request.body.name),
    );
    route(app, endpoints.deleteList, async (request, reply) => {
      await lists.delete(requireAuth(request), request.params.id);
      return reply.status(204).send();
    });
    route(app, endpoints.listAddItems, async (request) =>
      lists.addItems(requireAuth(request), request.params.id, request.body.assetIds),
    );
    route(app, endpoints.listRemoveItems, async (request) =>
      lists.removeItems(requireAuth(request), request.params.id, request.body.assetIds),
    );
    route(app, endpoints.listToCart, async (request) =>
      lists.toCart(requireAuth(request), request.params.id),
    );
    route(app, endpoints.shareList, async (request) =>
      lists.share(requireAuth(request), request.params.id, request.body.email),
    );
    route(app, endpoints.unshareList, async (request) =>
      lists.unshare(requireAuth(request), request.params.id, request.params.userId),
    );
  };
