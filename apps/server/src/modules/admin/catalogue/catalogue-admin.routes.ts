import { endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../platform/http/route.js';
import { actorOf } from '../audit-log.js';
import { registerCatalogueUploadParser } from './catalogue-upload-parser.js';
import type { CatalogueAdminService } from './catalogue-admin.service.js';
import type { UploadStaging } from './upload-staging.js';

/** Super users only (the table's access rule): the access hook answers 401/403 on request, before any upload is read. */

/** Catalogue administration under /api/admin/catalogue (issue 6). */
export const catalogueAdminRoutes =
  (catalogue: CatalogueAdminService, staging: UploadStaging): FastifyPluginAsyncZod =>
  async (app) => {
    registerCatalogueUploadParser(app, staging);

    // ---------- categories ----------

    route(app, endpoints.adminCatalogueTree, async () => catalogue.tree());

    route(app, endpoints.adminCreateNode, async (request, reply) => {
      const node = await catalogue.createNode(actorOf(request), request.body);
      return reply.status(201).send({ node });
    });

    route(app, endpoints.adminUpdateNode, async (request) => ({
      node: await catalogue.updateNode(actorOf(request), request.params.id, request.body),
    }));

    route(app, endpoints.adminDeleteNode, async (request) => {
      await catalogue.deleteNode(actorOf(request), request.params.id);
      return { success: true };
    });

    route(app, endpoints.adminNodeAssets, async (request) =>
      catalogue.assetsOf(request.params.id, request.query),
    );

    route(app, endpoints.adminUploadAssets, async (request) =>
      catalogue.upload(actorOf(request), request.params.id, request.catalogueUpload),
    );

    // ---------- assets ----------

    route(app, endpoints.adminAsset, async (request) => ({
      asset: await catalogue.asset(request.params.id),
    }));

    route(app, endpoints.adminUpdateAsset, async (request) => ({
      asset: await catalogue.updateAsset(actorOf(request), request.params.id, request.body),
    }));

    route(app, endpoints.adminReplaceFile, async (request) => ({
      asset: await catalogue.replaceFile(
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
        asset: await catalogue.setWithdrawn(actorOf(request), request.params.id, withdraw),
      }));
    }
  };
