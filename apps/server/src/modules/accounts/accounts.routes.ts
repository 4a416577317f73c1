import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth.js';
import { route } from '../../platform/http/route.js';
import type { AccountsService } from './accounts.service.js';

/** Spec 7.1, under /api. Thin: access rule -> contract schema -> service -> answer. */
export const accountsRoutes =
  (accounts: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.login, async (request) =>
      accounts.login(request.body.username, request.body.password, request.ip),
    );

    route(app, endpoints.logout, async (request) => {
      await accounts.logout(requireAuth(request));
      return { success: true };
    });

    route(app, endpoints.profile, async (request) => ({
      data: { user: await accounts.profile(requireAuth(request)) },
    }));

    route(app, endpoints.saveProfile, async (request) => ({
      success: true as const,
      user: await accounts.saveProfile(requireAuth(request), request.body.user),
    }));

    route(app, endpoints.deleteAccount, async (request) => {
      await accounts.deleteAccount(requireAuth(request), request.body.password);
      return { success: true };
    });

    route(app, endpoints.signup, async (request) => {
      await accounts.signup(request.body, request.ip);
      return { success: true };
    });

    route(app, endpoints.checkEmail, async (request) => ({
      available: await accounts.isEmailAvailable(request.body.email, request.ip),
    }));

    route(app, endpoints.forgotPassword, async (request) => {
      await accounts.requestPasswordReset(request.body.username, request.body.lang, request.ip);
      return { success: true, message: 'forgotPassword.success' };
    });

    route(app, endpoints.checkConfirmLink, async (request) => ({
      success: true,
      lang: await accounts.checkConfirmLink(request.params.uuid, request.ip),
    }));

    route(app, endpoints.confirmEmail, async (request) => {
      await accounts.confirmEmail(request.params.uuid, request.ip);
      return { success: true };
    });

    route(app, endpoints.checkResetLink, async (request) => ({
      success: true,
      lang: await accounts.checkResetLink(request.params.uuid, request.ip),
    }));

    route(app, endpoints.resetPassword, async (request) => {
      await accounts.resetPassword(request.params.uuid, request.body.password, request.ip);
      return { success: true };
    });

    route(app, endpoints.contact, async (request) => {
      await accounts.contact(request.body, request.auth, request.ip);
      return { success: true };
    });
  };
