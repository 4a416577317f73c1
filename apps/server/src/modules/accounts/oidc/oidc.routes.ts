import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/auth.js';
import { actorOf } from '../../audit/audit-log.js';
import { route } from '../../../platform/http/route.js';
import type { OidcService } from './oidc.service.js';

/** The cookie binding a sign-in to the browser that started it; only the callback's path reads it. */
const STATE_COOKIE = 'mediabox_sso';
const COOKIE_PATH = '/api/auth/oidc';

/** Issue 23, under /api/auth/oidc and /api/admin/sso. Thin: access rule -> contract schema -> service. */
export const oidcRoutes =
  (oidc: OidcService, publicUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
    // Lax: the provider sends the browser back with a top-level GET from its own site.
    const cookie = (value: string, maxAge: number) =>
      `${STATE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;

    route(app, endpoints.oidcStart, async (request, reply) => {
      const { location, state } = await oidc.start(request.ip);
      if (state) reply.header('set-cookie', cookie(state, 600));
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    });

    route(app, endpoints.oidcCallback, async (request, reply) => {
      const { location } = await oidc.callback(new URL(`${publicUrl}${request.url}`), {
        cookieState: readCookie(request.headers.cookie),
        acceptLanguage: request.headers['accept-language'],
      });
      return reply
        .header('set-cookie', cookie('', 0))
        .header('cache-control', 'no-store')
        .redirect(location, 302);
    });

    route(app, endpoints.oidcExchange, async (request) => oidc.exchange(request.body.code));

    route(app, endpoints.oidcLogout, async (request) => oidc.logout(requireAuth(request)));

    route(app, endpoints.adminSsoSettings, async () => oidc.settings());

    route(app, endpoints.adminSaveSsoSettings, async (request) =>
      oidc.saveSettings(actorOf(request), request.body.requiredForStaff),
    );
  };

function readCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STATE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
