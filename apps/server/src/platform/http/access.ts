/**
 * Who may call a route. Every route declares one of these in `config.access`; the server refuses to
 * start if a route has none, and one hook enforces it before any handler runs.
 *
 * - public: anyone, signed in or not (the user is still resolved when a token is sent).
 * - user: an approved, active account (spec 6 "registered user").
 * - internal: a user with jde or isSuperUser (order screens).
 * - super: a super user.
 */
export const ACCESS_LEVELS = ['public', 'user', 'internal', 'super'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
