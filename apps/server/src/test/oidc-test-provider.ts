import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who the test provider signs in next (its `findAccount` answers these claims). */
export interface TestIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  locale?: string;
}

export const TEST_CLIENT = { id: 'mediabox-test', secret: 'a-test-client-secret-of-some-length' };

async function listen(server: http.Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface TestProviderOptions {
  /**
   * For a real browser (the e2e journey): the provider shows its own sign-in page, which asks for
   * the address and signs in a verified identity of it (or cancels), and a sign-out page.
   */
  signInPage?: boolean;
}

/**
 * A real OpenID provider (`oidc-provider`) on loopback for the tests. Without a sign-in page its
 * login and consent interaction signs in `identity` without a browser or form: the test drives
 * the redirects by HTTP.
 */
export async function startTestProvider(portalUrl: string, options: TestProviderOptions = {}) {
  let identity: TestIdentity | undefined;
  /** Everyone signed in so far, by subject: the provider answers their claims (ID tokens, refreshes). */
  const identities = new Map<string, TestIdentity>();
  /** Whether sign-ins get a refresh token (real providers differ), and who has left the company. */
  let refreshTokens = false;
  const leavers = new Set<string>();
  // The provider needs its issuer (the port) before it exists: the server asks this holder.
  const holder: { provider?: Provider } = {};
  const server = http.createServer((req, res) => {
    if (!holder.provider) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) {
      return void (options.signInPage ? signInPage(req, res) : finishInteraction(req, res, identity));
    }
    void holder.provider.callback()(req, res);
  });
  const issuer = await listen(server);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [`${portalUrl}/api/auth/oidc/callback`],
        post_logout_redirect_uris: [`${portalUrl}/login`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    // Scope claims in the ID token too (the portal reads them from there).
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'locale'],
    },
    cookies: { keys: ['a-test-cookie-key-of-the-provider'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // The library's own pages load a web font from the internet, which these machines cannot reach.
        logoutSource: (ctx, form) => {
          ctx.body = page(
            'Nordstern ID',
            `${form}<p>Bei Nordstern ID abmelden?</p>
            <button type="submit" form="op.logoutForm" value="yes" name="logout">Abmelden</button>`,
          );
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = page('Nordstern ID', '<p>Abgemeldet.</p>');
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    issueRefreshToken: () => refreshTokens,
    findAccount: (_ctx, sub) =>
      leavers.has(sub)
        ? undefined
        : {
            accountId: sub,
            claims: () => ({ ...(identities.get(sub) ?? { sub }) }),
          },
  });

  holder.provider = provider;

  async function finishInteraction(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    who: TestIdentity | undefined,
  ) {
    try {
      const details = await provider.interactionDetails(req, res);
      if (!who) throw new Error('no test identity set');
      identities.set(who.sub, who);
      const grant = new provider.Grant({
        accountId: who.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: who.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  }

  /** The browser's sign-in page: GET shows it, POST signs in the typed address or cancels. */
  async function signInPage(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.method !== 'POST') {
      const html = page(
        'Nordstern ID',
        `<form method="post"><label>E-Mail <input name="email" type="email" required autofocus></label>
        <button type="submit" name="action" value="signIn">Weiter</button>
        <button type="submit" name="action" value="cancel" formnovalidate>Abbrechen</button></form>`,
      );
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
    const form = new URLSearchParams(await readBody(req));
    if (form.get('action') === 'cancel') {
      return void (await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled' },
        { mergeWithLastSubmission: false },
      ));
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const [givenName = '', familyName = ''] = email.split('@')[0]!.split('.').map(capitalised);
    await finishInteraction(req, res, {
      sub: `sub-${email}`,
      email,
      email_verified: true,
      given_name: givenName,
      family_name: familyName,
    });
  }

  return {
    issuer,
    /** Signs in `who` at the provider from its authorization address; answers the portal's callback path. */
    async signIn(authorizationUrl: string, who: TestIdentity): Promise<string> {
      identity = who;
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.startsWith(portalUrl)) return url.slice(portalUrl.length);
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const [name, ...value] = pair!.split('=');
          cookies.set(name!.trim(), value.join('='));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
        url = new URL(location, url).toString();
      }
      throw new Error('too many redirects at the provider');
    },
    /** From now on sign-ins get a refresh token (or not). */
    giveRefreshTokens(give: boolean) {
      refreshTokens = give;
    },
    /** The identity leaves the company: the provider refuses its refresh tokens. */
    leave(sub: string) {
      leavers.add(sub);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/**
 * A hand-made provider for answers a real one never gives: an ID token signed with a key not in
 * its JWKS, an expired one, or one with another nonce. `idToken` shapes the next token answer.
 */
export async function startForgingProvider() {
  const published = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let nextToken: { key: 'published' | 'foreign'; claims: Record<string, unknown> } | undefined;
  let issuer = '';
  const server = http.createServer((req, res) => {
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (req.url === '/jwks') {
      return json({
        keys: [{ ...published.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }],
      });
    }
    if (req.url === '/token' && nextToken) {
      const key = nextToken.key === 'published' ? published.privateKey : foreign.privateKey;
      return json({
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 60,
        id_token: jwt(key, nextToken.claims),
      });
    }
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_request"}');
  });
  issuer = await listen(server);
  return {
    issuer,
    answerNext(key: 'published' | 'foreign', claims: Record<string, unknown>) {
      nextToken = { key, claims };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function jwt(key: KeyObject, claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}
