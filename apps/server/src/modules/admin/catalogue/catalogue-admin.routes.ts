import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../platform/http/route.js';
import { actorOf } from '../../audit/audit-log.js';
import { registerCatalogueUploadParser } from './catalogue-upload-parser.js';
import type { CatalogueAdmin } from './catalogue-admin.js';
import type { UploadStaging } from './upload-staging.js';

/** Super users only (the table's access rule): the access hook answers 401/403 on request, before any upload is read. */

/** Catalogue administration under /api/admin/catalogue (issue 6). */
export const catalogueAdminRoutes =
  (catalogue: CatalogueAdmin, staging: UploadStaging): FastifyPluginAsyncZod =>
  async (app) => {
    registerCatalogueUploadParser(app, staging);

    // ---------- categories ----------

    route(app, endpoints.adminCatalogueTree, async () => catalogue.categories.tree());

    route(app, endpoints.adminCreateNode, async (request, reply) => {
      const node = await catalogue.categories.createNode(actorOf(request), request.body);
      return reply.status(201).send({ node });
    });

    route(app, endpoints.adminUpdateNode, async (request) => ({
      node: await catalogue.categories.updateNode(actorOf(request), request.params.id, request.body),
    }));

    route(app, endpoints.adminDeleteNode, async (request) => {
      await catalogue.categories.deleteNode(actorOf(request), request.params.id);
      return { success: true };
    });

    route(app, endpoints.adminNodeAssets, async (request) =>
      catalogue.assets.assetsOf(request.params.id, request.query),
    );

    route(app, endpoints.adminUploadAssets, async (request) =>
      catalogue.uploads.upload(actorOf(request), request.params.id, request.catalogueUpload),
    );

    // ---------- assets ----------

    route(app, endpoints.adminAsset, async (request) => ({
      asset: await catalogue.assets.asset(request.params.id),
    }));

    route(app, endpoints.adminUpdateAsset, async (request) => ({
      asset: await catalogue.assets.updateAsset(actorOf(request), request.params.id, request.body),
    }));

    route(app, endpoints.adminReplaceFile, async (request) => ({
      asset: await catalogue.assets.replaceFile(
        actorOf(request),
        request.params.id,
        request.body.mediaType,
        request.catalogueUpload,
      ),
    }));

    for (const [endpoint, withdraw] of [
      [endpoints.adminWithdrawAsset, true],
      [endpoints.adminRestoreAsset, false],
    ] as const) {
      route(app, endpoint, async (request) => ({
        asset: await catalogue.assets.setWithdrawn(actorOf(request), request.params.id, withdraw),
      }));
    }
  };
