import type { Access } from '@mediabox/contract';

/**
 * Who may call a route (the levels are the contract's, see its endpoints.ts). Every route declares
 * one in `config.access` (routes registered from the endpoint table take the table's); the server
 * refuses to start if a route under /api has none, and one hook enforces it before any handler runs.
 */
export { ACCESS_LEVELS, type Access } from '@mediabox/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
