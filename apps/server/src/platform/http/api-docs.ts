import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ErrorCodes, endpoints } from '@mediabox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from './app-error.js';
import { openApiDocument } from './openapi.js';
import { route } from './route.js';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * Starts Swagger UI on the served document. A file of its own rather than an inline script: the
 * portal's CSP allows scripts from our origin only. `validatorUrl: null` keeps the viewer from
 * loading a badge from swagger.io (nothing leaves the origin).
 */
const START_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mediabox API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/** The viewer's files: Swagger UI's own (from the npm package) and the start script. */
const FILES: Record<string, { type: string; read: () => Buffer | string }> = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => fs.readFileSync(path.join(swaggerUiDir, 'swagger-ui.css')),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => fs.readFileSync(path.join(swaggerUiDir, 'swagger-ui-bundle.js')),
  },
  'start.js': { type: 'text/javascript; charset=utf-8', read: () => START_SCRIPT },
};

let described: ReturnType<typeof openApiDocument> | undefined;
/**
 * The document, made on its first request: turning every schema of the table into JSON Schema takes
 * 50-80 ms, which no start (and no test app) should wait for; the table does not change at run time.
 */
const describedApi = () => (described ??= openApiDocument());

/**
 * The API description (`/api/openapi.json`, generated once per process from the endpoint table)
 * and a viewer of it (`/api/docs`). Both public: the description tells nothing the app's own
 * scripts do not, and a page opened by the browser could not send the bearer token anyway.
 */
export const apiDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = new Map<string, { type: string; body: Buffer | string }>();

  route(app, endpoints.openApiDocument, async () => describedApi());

  route(app, endpoints.apiDocs, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );

  route(app, endpoints.apiDocsAsset, async (request, reply) => {
    const file = Object.hasOwn(FILES, request.params.file) ? FILES[request.params.file] : undefined;
    if (!file) throw new AppError(ErrorCodes.notFound, 'Not found');
    let loaded = files.get(request.params.file);
    if (!loaded) {
      loaded = { type: file.type, body: file.read() };
      files.set(request.params.file, loaded);
    }
    return reply.type(loaded.type).header('cache-control', 'public, max-age=3600').send(loaded.body);
  });
};
