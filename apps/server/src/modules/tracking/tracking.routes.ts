import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import type { TrackingService } from './tracking.service.js';

/** Consent of the signed-in user and the first-party tracking endpoint (spec 1, 2.9, 7.5, 9). */
export const trackingRoutes =
  (tracking: TrackingService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.consent, async (request) => tracking.consent(requireAuth(request)));

    route(app, endpoints.setConsent, async (request) =>
      tracking.setConsent(requireAuth(request), request.body.tracking),
    );

    // Public: guests who said yes are tracked too. A well-formed batch is 204 whatever became of it
    // (no consent, over the limit, a database hiccup): tracking never fails or delays a page.
    route(app, endpoints.track, async (request, reply) => {
      await tracking
        .track(request.body, { user: request.auth, ip: request.ip })
        .catch((error: unknown) => request.log.warn({ err: error }, 'tracking batch not recorded'));
      return reply.status(204).send();
    });
  };
