import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.js';
import { route } from '../../platform/http/route.js';
import { publicSettings } from './settings.service.js';

export const settingsRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const answer = publicSettings(config);
    route(app, endpoints.settings, async () => answer);
  };
