import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/http/route.js';
import type { AdminService } from './admin.service.js';
import { actorOf } from '../audit/audit-log.js';

/** Every admin call is for super users only (the table's access rule); the access hook answers 401/403 before validation. */

/** Administration under /api/admin (issue 6). Thin: access rule -> contract schema -> service -> answer. */
export const adminRoutes =
  (admin: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---------- registrations ----------

    route(app, endpoints.adminRegistrations, async (request) => admin.registrations(request.query));

    route(app, endpoints.adminApproveRegistration, async (request) => ({
      user: await admin.approve(actorOf(request), request.params.id),
    }));

    route(app, endpoints.adminRejectRegistration, async (request) => ({
      user: await admin.reject(actorOf(request), request.params.id, request.body?.reason ?? ''),
    }));

    // ---------- users ----------

    route(app, endpoints.adminUsers, async (request) => {
      const { offset, limit, ...filter } = request.query;
      return admin.users(filter, { offset, limit });
    });

    route(app, endpoints.adminUser, async (request) => ({ user: await admin.user(request.params.id) }));

    route(app, endpoints.adminUpdateUser, async (request) => ({
      user: await admin.updateUser(actorOf(request), request.params.id, request.body),
    }));

    // ---------- removal requests ----------

    route(app, endpoints.adminRemovalRequests, async (request) => admin.removalRequests(request.query));

    route(app, endpoints.adminConfirmRemoval, async (request) => ({
      success: true as const,
      told: await admin.confirmRemoval(actorOf(request), request.params.assetId),
    }));

    route(app, endpoints.adminDismissRemoval, async (request) => {
      await admin.dismissRemoval(actorOf(request), request.params.assetId);
      return { success: true };
    });

    // ---------- audit log ----------

    route(app, endpoints.adminAudit, async (request) => {
      const { action, offset, limit } = request.query;
      return admin.auditLog(action, { offset, limit });
    });
  };
