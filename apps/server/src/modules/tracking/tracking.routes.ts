import { ConsentAnswer, ConsentRequest, TrackRequest } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import type { TrackingService } from './tracking.service.js';

const tags = ['tracking'];

/** Consent of the signed-in user and the first-party tracking endpoint (spec 1, 2.9, 7.5, 9). */
export const trackingRoutes =
  (tracking: TrackingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/consent',
      { config: { access: 'user' }, schema: { tags, response: { 200: ConsentAnswer } } },
      async (request) => tracking.consent(requireAuth(request)),
    );

    app.put(
      '/api/user/consent',
      {
        config: { access: 'user' },
        schema: { tags, body: ConsentRequest, response: { 200: ConsentAnswer } },
      },
      async (request) => tracking.setConsent(requireAuth(request), request.body.tracking),
    );

    // Public: guests who said yes are tracked too. A well-formed batch is 204 whatever became of it
    // (no consent, over the limit, a database hiccup): tracking never fails or delays a page.
    app.post(
      '/api/track',
      { config: { access: 'public' }, schema: { tags, body: TrackRequest } },
      async (request, reply) => {
        await tracking
          .track(request.body, { user: request.auth, ip: request.ip })
          .catch((error: unknown) => request.log.warn({ err: error }, 'tracking batch not recorded'));
        return reply.status(204).send();
      },
    );
  };
