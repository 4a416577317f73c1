import {
  AdminAssetAnswer,
  AdminCatalogueAssetParams,
  AdminContainerAssetsAnswer,
  AdminNodeAnswer,
  AdminNodeParams,
  AdminPageQuery,
  AdminTreeAnswer,
  CreateNodeRequest,
  ReplaceFileFields,
  SuccessAnswer,
  UpdateAssetRequest,
  UpdateNodeRequest,
  UploadAnswer,
} from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../audit/audit-log.js';
import { registerCatalogueUploadParser } from './catalogue-upload-parser.js';
import type { CatalogueAdmin } from './catalogue-admin.js';
import type { UploadStaging } from './upload-staging.js';

const tags = ['admin'];
/** Super users only; the access hook answers 401/403 on request, before any upload is read. */
const config = { access: 'super' as const };

/** Catalogue administration under /api/admin/catalogue (issue 6). */
export const catalogueAdminRoutes =
  (catalogue: CatalogueAdmin, staging: UploadStaging): FastifyPluginAsyncZod =>
  async (app) => {
    registerCatalogueUploadParser(app, staging);

    // ---------- categories ----------

    app.get(
      '/api/admin/catalogue/tree',
      { config, schema: { tags, response: { 200: AdminTreeAnswer } } },
      async () => catalogue.categories.tree(),
    );

    app.post(
      '/api/admin/catalogue/nodes',
      { config, schema: { tags, body: CreateNodeRequest, response: { 201: AdminNodeAnswer } } },
      async (request, reply) => {
        const node = await catalogue.categories.createNode(actorOf(request), request.body);
        return reply.status(201).send({ node });
      },
    );

    app.patch(
      '/api/admin/catalogue/nodes/:id',
      {
        config,
        schema: {
          tags,
          params: AdminNodeParams,
          body: UpdateNodeRequest,
          response: { 200: AdminNodeAnswer },
        },
      },
      async (request) => ({
        node: await catalogue.categories.updateNode(actorOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/api/admin/catalogue/nodes/:id',
      { config, schema: { tags, params: AdminNodeParams, response: { 200: SuccessAnswer } } },
      async (request) => {
        await catalogue.categories.deleteNode(actorOf(request), request.params.id);
        return { success: true };
      },
    );

    app.get(
      '/api/admin/catalogue/nodes/:id/assets',
      {
        config,
        schema: {
          tags,
          params: AdminNodeParams,
          querystring: AdminPageQuery,
          response: { 200: AdminContainerAssetsAnswer },
        },
      },
      async (request) => catalogue.assets.assetsOf(request.params.id, request.query),
    );

    app.post(
      '/api/admin/catalogue/nodes/:id/assets',
      { config, schema: { tags, params: AdminNodeParams, response: { 200: UploadAnswer } } },
      async (request) =>
        catalogue.uploads.upload(actorOf(request), request.params.id, request.catalogueUpload),
    );

    // ---------- assets ----------

    app.get(
      '/api/admin/catalogue/assets/:id',
      { config, schema: { tags, params: AdminCatalogueAssetParams, response: { 200: AdminAssetAnswer } } },
      async (request) => ({ asset: await catalogue.assets.asset(request.params.id) }),
    );

    app.patch(
      '/api/admin/catalogue/assets/:id',
      {
        config,
        schema: {
          tags,
          params: AdminCatalogueAssetParams,
          body: UpdateAssetRequest,
          response: { 200: AdminAssetAnswer },
        },
      },
      async (request) => ({
        asset: await catalogue.assets.updateAsset(actorOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/api/admin/catalogue/assets/:id/files',
      {
        config,
        schema: {
          tags,
          params: AdminCatalogueAssetParams,
          body: ReplaceFileFields,
          response: { 200: AdminAssetAnswer },
        },
      },
      async (request) => ({
        asset: await catalogue.assets.replaceFile(
          actorOf(request),
          request.params.id,
          request.body.mediaType,
          request.catalogueUpload,
        ),
      }),
    );

    for (const [action, withdraw] of [
      ['withdraw', true],
      ['restore', false],
    ] as const) {
      app.post(
        `/api/admin/catalogue/assets/:id/${action}`,
        { config, schema: { tags, params: AdminCatalogueAssetParams, response: { 200: AdminAssetAnswer } } },
        async (request) => ({
          asset: await catalogue.assets.setWithdrawn(actorOf(request), request.params.id, withdraw),
        }),
      );
    }
  };
