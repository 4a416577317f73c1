import { z } from 'zod';
import { ErrorCodes } from './error-codes.js';

/**
 * Issue 23: staff sign in with the company account (OpenID Connect). The browser goes to
 * `GET /api/auth/oidc/start`, the provider, then `GET /api/auth/oidc/callback`, which sends it to
 * the web app's `SSO_LANDING_PATH` with a one-time code in the fragment (never a session token in
 * a URL) or to the login page with `?ssoError=<one of SSO_ERRORS>`.
 */
export const SSO_LANDING_PATH = '/login/sso';

/** Why a sign-in through the provider did not end in a session; the login page shows a text for each. */
export const SSO_ERRORS = [
  /** The provider answered an error or could not be reached, or its answer failed a check. */
  'failed',
  /** The user cancelled at the provider. */
  'cancelled',
  /** The sign-in took too long, or was started in another browser (state or cookie missing). */
  'expired',
  /** The provider does not vouch for the address (`email_verified` not true). */
  'emailNotVerified',
  /** The address is not in OIDC_ALLOWED_DOMAINS: partners use the normal sign-up. */
  'foreignDomain',
  /** The portal account of that address is deactivated (or its registration rejected). */
  'deactivated',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

/** What the provider sends back; everything else it adds is passed to the client library untouched. */
export const OidcCallbackQuery = z.looseObject({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** `POST /api/auth/oidc/exchange`: the one-time code of the landing page, for the session. */
export const OidcExchangeRequest = z
  .object({ code: z.string().trim().min(1, { error: ErrorCodes.ssoHandoverInvalid }).max(200) })
  .strict();
export type OidcExchangeRequest = z.input<typeof OidcExchangeRequest>;

/** `POST /api/auth/oidc/logout`: the session is ended; the browser goes on to the provider's logout if any. */
export const OidcLogoutAnswer = z.object({ success: z.boolean(), endSessionUrl: z.string().nullable() });
export type OidcLogoutAnswer = z.infer<typeof OidcLogoutAnswer>;

/** How an account signs in: its password, the company account, or both (linked). */
export const SignInMethod = z.enum(['password', 'sso', 'both']);
export type SignInMethod = z.infer<typeof SignInMethod>;

/** `GET/PUT /api/admin/sso`: whether SSO is configured and whether staff must use it. */
export const SsoSettingsAnswer = z.object({
  configured: z.boolean(),
  label: z.string().nullable(),
  /** Staff (jde) passwords no longer work; partners keep theirs. */
  requiredForStaff: z.boolean(),
});
export type SsoSettingsAnswer = z.infer<typeof SsoSettingsAnswer>;

export const SsoSettingsUpdate = z.object({ requiredForStaff: z.boolean() }).strict();
export type SsoSettingsUpdate = z.input<typeof SsoSettingsUpdate>;
