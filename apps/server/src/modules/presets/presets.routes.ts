import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/http/route.js';
import { actorOf } from '../audit/audit-log.js';
import type { PresetsService } from './presets.service.js';

/** Conversion presets: the user list, and the super user's administration (access from the endpoint table). Thin. */
export const presetsRoutes =
  (presets: PresetsService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.presets, async () => ({ presets: await presets.listActive() }));
    route(app, endpoints.adminPresets, async () => ({ presets: await presets.listAll() }));

    route(app, endpoints.adminCreatePreset, async (request, reply) => {
      const preset = await presets.create(actorOf(request), request.body);
      return reply.status(201).send({ preset });
    });
    route(app, endpoints.adminUpdatePreset, async (request) => ({
      preset: await presets.update(actorOf(request), request.params.id, request.body),
    }));
    route(app, endpoints.adminRetirePreset, async (request) => ({
      preset: await presets.retire(actorOf(request), request.params.id),
    }));
    route(app, endpoints.adminRestorePreset, async (request) => ({
      preset: await presets.restore(actorOf(request), request.params.id),
    }));
  };
