import {
  AdminAssetParams,
  AdminPageQuery,
  AdminUserAnswer,
  AdminUserParams,
  AdminUserUpdate,
  AdminUsersAnswer,
  AdminUsersQuery,
  AuditAnswer,
  AuditQuery,
  RegistrationsAnswer,
  RejectRegistrationRequest,
  RemovalRequestsAnswer,
  SuccessAnswer,
} from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminService } from './admin.service.js';
import { actorOf } from '../audit/audit-log.js';

const tags = ['admin'];
/** Every admin call is for super users only; the access hook answers 401/403 before validation. */
const config = { access: 'super' as const };

/** Administration under /api/admin (issue 6). Thin: access rule -> contract schema -> service -> answer. */
export const adminRoutes =
  (admin: AdminService): FastifyPluginAsyncZod =>
  async (app) => {
    // ---------- registrations ----------

    app.get(
      '/api/admin/registrations',
      { config, schema: { tags, querystring: AdminPageQuery, response: { 200: RegistrationsAnswer } } },
      async (request) => admin.registrations(request.query),
    );

    app.post(
      '/api/admin/registrations/:id/approve',
      { config, schema: { tags, params: AdminUserParams, response: { 200: AdminUserAnswer } } },
      async (request) => ({ user: await admin.approve(actorOf(request), request.params.id) }),
    );

    app.post(
      '/api/admin/registrations/:id/reject',
      {
        config,
        schema: {
          tags,
          params: AdminUserParams,
          // The reason is optional, so is the body.
          body: RejectRegistrationRequest.nullish(),
          response: { 200: AdminUserAnswer },
        },
      },
      async (request) => ({
        user: await admin.reject(actorOf(request), request.params.id, request.body?.reason ?? ''),
      }),
    );

    // ---------- users ----------

    app.get(
      '/api/admin/users',
      { config, schema: { tags, querystring: AdminUsersQuery, response: { 200: AdminUsersAnswer } } },
      async (request) => {
        const { offset, limit, ...filter } = request.query;
        return admin.users(filter, { offset, limit });
      },
    );

    app.get(
      '/api/admin/users/:id',
      { config, schema: { tags, params: AdminUserParams, response: { 200: AdminUserAnswer } } },
      async (request) => ({ user: await admin.user(request.params.id) }),
    );

    app.patch(
      '/api/admin/users/:id',
      {
        config,
        schema: { tags, params: AdminUserParams, body: AdminUserUpdate, response: { 200: AdminUserAnswer } },
      },
      async (request) => ({
        user: await admin.updateUser(actorOf(request), request.params.id, request.body),
      }),
    );

    // ---------- removal requests ----------

    app.get(
      '/api/admin/removal-requests',
      { config, schema: { tags, querystring: AdminPageQuery, response: { 200: RemovalRequestsAnswer } } },
      async (request) => admin.removalRequests(request.query),
    );

    app.post(
      '/api/admin/removal-requests/:assetId/confirm',
      { config, schema: { tags, params: AdminAssetParams, response: { 200: SuccessAnswer } } },
      async (request) => {
        await admin.confirmRemoval(actorOf(request), request.params.assetId);
        return { success: true };
      },
    );

    app.post(
      '/api/admin/removal-requests/:assetId/dismiss',
      { config, schema: { tags, params: AdminAssetParams, response: { 200: SuccessAnswer } } },
      async (request) => {
        await admin.dismissRemoval(actorOf(request), request.params.assetId);
        return { success: true };
      },
    );

    // ---------- audit log ----------

    app.get(
      '/api/admin/audit',
      { config, schema: { tags, querystring: AuditQuery, response: { 200: AuditAnswer } } },
      async (request) => {
        const { action, offset, limit } = request.query;
        return admin.auditLog(action, { offset, limit });
      },
    );
  };
