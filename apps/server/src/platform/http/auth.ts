import { ErrorCodes } from '@mediabox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_LEVELS, type Access } from './access.js';
import { AppError } from './app-error.js';

/** The signed-in user of a request, as the access rules need it. */
export interface AuthUser {
  id: number;
  email: string;
  isSuperUser: boolean;
  jde: boolean;
  lang: string;
  sessionId: number;
}

export type TokenResolver = (token: string) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a valid bearer token came with the request. */
    auth: AuthUser | null;
    /** True when a token was sent but is unknown, expired or revoked. */
    authTokenRejected: boolean;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** Resolves the bearer token on every request and enforces each route's declared access level. */
export function registerAuth(app: FastifyInstance, resolveToken: TokenResolver): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authTokenRejected', false);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access: Access | undefined = request.routeOptions.config?.access;
    const header = request.headers.authorization;
    if (header) {
      const token = bearerToken(request);
      request.auth = token ? await resolveToken(token) : null;
      request.authTokenRejected = request.auth === null;
    }
    if (!access || access === 'public') return;
    if (!request.auth) throw signInFirst();
    if (access === 'internal' && !(request.auth.jde || request.auth.isSuperUser)) throw notAllowed();
    if (access === 'super' && !request.auth.isSuperUser) throw notAllowed();
  });
}

/** For handlers of non-public routes: the access hook guarantees a user. */
export function requireAuth(request: FastifyRequest): AuthUser {
  if (!request.auth) throw signInFirst();
  return request.auth;
}

const signInFirst = () => new AppError(ErrorCodes.unauthorized, 'Sign in first');
const notAllowed = () => new AppError(ErrorCodes.forbidden, 'You may not do this');
