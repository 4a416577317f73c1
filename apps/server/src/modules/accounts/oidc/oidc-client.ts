import * as client from 'openid-client';
import type { OidcConfig } from '../../../platform/config.js';

/** What a checked provider answer tells the portal. */
export interface VerifiedSignIn {
  claims: client.IDToken;
  idToken: string;
  /** Only when the provider gives one (many do only with offline_access). */
  refreshToken: string | null;
}

/**
 * The portal's side of OpenID Connect, all checks done by `openid-client` (a certified relying
 * party library): discovery, PKCE, state, and the ID token's issuer, audience, expiry, signature
 * (the provider's JWKS) and nonce. Nothing here verifies a token by hand.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly oidc: OidcConfig) {}

  /** Discovery once per process; a failed one is tried again on the next sign-in. */
  private config(): Promise<client.Configuration> {
    this.configuration ??= this.discover().catch((err: unknown) => {
      this.configuration = undefined;
      throw err;
    });
    return this.configuration;
  }

  private discover(): Promise<client.Configuration> {
    const issuer = new URL(this.oidc.issuer);
    // Plain http only for a provider on this machine (tests, a local Keycloak); anywhere else https.
    const loopback =
      issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    // The library trusts an ID token from the token endpoint on TLS alone (OIDC Core 3.1.3.7);
    // non-repudiation checks make it verify the signature with the provider's JWKS as well.
    const execute = [client.enableNonRepudiationChecks, ...(loopback ? [client.allowInsecureRequests] : [])];
    return client.discovery(
      issuer,
      this.oidc.clientId,
      undefined,
      client.ClientSecretBasic(this.oidc.clientSecret),
      { execute },
    );
  }

  /** The provider's authorization address of a new sign-in (code flow, S256 PKCE, state, nonce). */
  async authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }) {
    const config = await this.config();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: input.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: input.state,
      nonce: input.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** Redeems the code of `callbackUrl`; throws when any check fails. */
  async verify(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedSignIn> {
    const config = await this.config();
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new Error('The provider answered no ID token');
    return { claims, idToken: tokens.id_token, refreshToken: tokens.refresh_token ?? null };
  }

  /**
   * Asks the provider to renew a sign-in. `refused`: it answered an OAuth error (the grant is gone,
   * the account disabled); `unavailable`: it could not be asked (network, a broken answer).
   */
  async refresh(
    refreshToken: string,
  ): Promise<
    | { outcome: 'renewed'; refreshToken: string; idToken: string | null }
    | { outcome: 'refused' | 'unavailable'; error: unknown }
  > {
    try {
      const tokens = await client.refreshTokenGrant(await this.config(), refreshToken);
      return {
        outcome: 'renewed',
        refreshToken: tokens.refresh_token ?? refreshToken,
        idToken: tokens.id_token ?? null,
      };
    } catch (error) {
      return { outcome: error instanceof client.ResponseBodyError ? 'refused' : 'unavailable', error };
    }
  }

  /** The provider's RP-initiated logout address, when its metadata offers one. */
  async endSessionUrl(idToken: string, postLogoutRedirectUri: string): Promise<string | null> {
    const config = await this.config();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client
      .buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: postLogoutRedirectUri })
      .toString();
  }
}
