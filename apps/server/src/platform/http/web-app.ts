import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCodes } from '@mediabox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Serves the built single-page app from one port with the API. Hashed assets are cached for a year;
 * every other GET that is not an API call gets index.html so the app's router can answer it.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasApp = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      // The build keeps source maps beside the bundles for operators; they are not published (issue 17.9).
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (wantsPage && hasApp) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError(ErrorCodes.notFound, `No route for ${request.method} ${request.url}`);
  });
}
