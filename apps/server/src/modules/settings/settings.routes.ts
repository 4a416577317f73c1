import { PublicSettingsAnswer } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config.js';
import { publicSettings } from './settings.service.js';

export const settingsRoutes =
  (config: Config): FastifyPluginAsyncZod =>
  async (app) => {
    const answer = publicSettings(config);
    app.get(
      '/api/settings',
      {
        config: { access: 'public' },
        schema: { tags: ['settings'], response: { 200: PublicSettingsAnswer } },
      },
      async () => answer,
    );
  };
