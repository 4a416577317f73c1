import {
  ErrorCodes,
  LANGUAGES,
  SSO_LANDING_PATH,
  type Language,
  type LoginAnswer,
  type OidcLogoutAnswer,
  type SsoError,
  type SsoSettingsAnswer,
} from '@mediabox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.js';
import type { Config, OidcConfig } from '../../../platform/config.js';
import type { UserRow } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AuthUser } from '../../../platform/http/auth.js';
import type { RateLimiter } from '../../../platform/http/rate-limiter.js';
import { hashToken, randomToken } from '../../../platform/security/tokens.js';
import { writeAudit, type AdminActor } from '../../audit/audit-log.js';
import type { AccountsRepository } from '../accounts.repository.js';
import type { AccountsService, SsoRenewal } from '../accounts.service.js';
import type { OidcClient, VerifiedSignIn } from './oidc-client.js';
import type { OidcRepository } from './oidc.repository.js';

const MINUTE = 60 * 1000;
/** Time to sign in at the provider (and its MFA) before the pending login is dropped. */
const PENDING_LOGIN_MS = 10 * MINUTE;
/** The landing page exchanges its code at once; a minute covers a slow phone. */
const HANDOVER_MS = MINUTE;
/** Starting sign-ins writes a row each: bounded per address like the other guest calls. */
const START_PER_IP = { name: 'sso-start-ip', limit: 60, windowMs: 15 * MINUTE };

/** Where the browser goes next: the provider, the landing page or the login page with an error. */
export interface Redirect {
  location: string;
}

class SignInRefused extends Error {
  constructor(readonly reason: SsoError) {
    super(reason);
  }
}

export interface OidcDeps {
  config: Config;
  clock: Clock;
  repository: OidcRepository;
  accountsRepository: AccountsRepository;
  accounts: AccountsService;
  /** undefined without OIDC_* configuration. */
  client: OidcClient | undefined;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}

/**
 * Issue 23: staff sign in with the company account. The flow, its checks and its threats are in
 * docs/security.md ("Sign-in with the company account").
 */
export class OidcService {
  constructor(private readonly deps: OidcDeps) {}

  private get oidc(): { settings: OidcConfig; client: OidcClient } {
    const { config, client } = this.deps;
    if (!config.oidc || !client)
      throw new AppError(ErrorCodes.ssoNotConfigured, 'Sign-in with SSO is not configured');
    return { settings: config.oidc, client };
  }

  get redirectUri(): string {
    return `${this.deps.config.publicUrl}/api/auth/oidc/callback`;
  }

  /** A new pending login: the provider's address, and the state that the browser's cookie must carry back. */
  async start(ip: string): Promise<{ location: string; state: string }> {
    const { client } = this.oidc;
    await this.deps.rateLimiter.hit(START_PER_IP, ip);
    const state = randomToken();
    const nonce = randomToken();
    const codeVerifier = randomToken();
    let location: string;
    try {
      location = (
        await client.authorizationUrl({ redirectUri: this.redirectUri, state, nonce, codeVerifier })
      ).toString();
    } catch (err) {
      this.deps.log.warn({ err }, 'OpenID provider unreachable (discovery failed)');
      return { location: this.loginError('failed'), state: '' };
    }
    const now = this.deps.clock.now();
    await this.deps.repository.insertPendingLogin({
      stateHash: hashToken(state),
      codeVerifier,
      nonce,
      now,
      expiresAt: now + PENDING_LOGIN_MS,
    });
    return { location, state };
  }

  /**
   * The provider's answer: checked, the account found, linked or made, and a one-time code for the
   * landing page. Every refusal is a redirect to the login page with its reason, never an error page.
   */
  async callback(
    callbackUrl: URL,
    browser: { cookieState: string | undefined; acceptLanguage: string | undefined },
  ): Promise<Redirect> {
    const { settings, client } = this.oidc;
    try {
      const providerError = callbackUrl.searchParams.get('error');
      if (providerError) throw new SignInRefused(providerError === 'access_denied' ? 'cancelled' : 'failed');
      const state = callbackUrl.searchParams.get('state');
      // The state must come back in the browser that started the sign-in (login CSRF).
      if (!state || !browser.cookieState || state !== browser.cookieState) throw new SignInRefused('expired');
      const pending = await this.deps.repository.takePendingLogin(hashToken(state), this.deps.clock.now());
      if (!pending) throw new SignInRefused('expired');
      let verified: VerifiedSignIn;
      try {
        verified = await client.verify(callbackUrl, {
          state,
          nonce: pending.nonce,
          codeVerifier: pending.code_verifier,
        });
      } catch (err) {
        this.deps.log.warn({ err }, 'OpenID provider answer refused');
        throw new SignInRefused('failed');
      }
      const user = await this.accountOf(verified, settings, browser.acceptLanguage);
      const code = randomToken();
      const now = this.deps.clock.now();
      await this.deps.repository.insertHandover({
        codeHash: hashToken(code),
        userId: user.id,
        idToken: verified.idToken,
        refreshToken: verified.refreshToken,
        now,
        expiresAt: now + HANDOVER_MS,
      });
      // In the fragment: never sent to a server, so it is in no access log; it works once, for a minute.
      return {
        location: `${this.deps.config.publicUrl}${SSO_LANDING_PATH}#code=${encodeURIComponent(code)}`,
      };
    } catch (err) {
      if (err instanceof SignInRefused) return { location: this.loginError(err.reason) };
      throw err;
    }
  }

  /** The landing page's code for the session (once). */
  async exchange(code: string): Promise<LoginAnswer> {
    const { settings } = this.oidc;
    const handover = await this.deps.repository.takeHandover(hashToken(code), this.deps.clock.now());
    if (!handover) throw new AppError(ErrorCodes.ssoHandoverInvalid, 'This sign-in code is not valid');
    const user = await this.deps.accountsRepository.findUserById(handover.user_id);
    if (!user || user.deactivated_at !== null || user.rejected_at !== null) {
      throw new AppError(ErrorCodes.accountDeactivated, 'Account deactivated');
    }
    return this.deps.accounts.startSession(user, {
      expiresAt: this.deps.clock.now() + settings.sessionMs,
      idToken: handover.id_token,
      refreshToken: handover.refresh_token,
    });
  }

  /** Renews an SSO session at its end (issue 23: leavers lose access, stayers stay signed in). */
  async renew(refreshToken: string): Promise<SsoRenewal> {
    const { settings, client } = this.oidc;
    const answer = await client.refresh(refreshToken);
    if (answer.outcome !== 'renewed') {
      this.deps.log.warn({ err: answer.error }, `OpenID provider refresh ${answer.outcome}`);
      return { outcome: answer.outcome };
    }
    return { ...answer, expiresAt: this.deps.clock.now() + settings.sessionMs };
  }

  /** Ends the session; answers the provider's logout address when it offers RP-initiated logout. */
  async logout(auth: AuthUser): Promise<OidcLogoutAnswer> {
    const { client } = this.oidc;
    const session = await this.deps.repository.findSessionIdToken(auth.sessionId);
    await this.deps.accounts.logout(auth);
    let endSessionUrl: string | null = null;
    if (session?.sso_id_token) {
      try {
        endSessionUrl = await client.endSessionUrl(
          session.sso_id_token,
          `${this.deps.config.publicUrl}/login`,
        );
      } catch (err) {
        // The portal's session is over anyway; the provider's stays until it ends by itself.
        this.deps.log.warn({ err }, 'OpenID provider logout address unknown');
      }
    }
    return { success: true, endSessionUrl };
  }

  async settings(): Promise<SsoSettingsAnswer> {
    const { oidc } = this.deps.config;
    return {
      configured: oidc !== undefined,
      label: oidc?.label ?? null,
      requiredForStaff: oidc !== undefined && (await this.deps.repository.isSsoRequiredForStaff()),
    };
  }

  /** Sets "SSO required for staff"; a real change is audited with the setting in one transaction. */
  async saveSettings(actor: AdminActor, requiredForStaff: boolean): Promise<SsoSettingsAnswer> {
    if (!this.deps.config.oidc)
      throw new AppError(ErrorCodes.ssoNotConfigured, 'Sign-in with SSO is not configured');
    await this.deps.repository.transaction(async (repository) => {
      const before = await repository.isSsoRequiredForStaff();
      if (before === requiredForStaff) return;
      await repository.setSsoRequiredForStaff(requiredForStaff);
      await writeAudit(repository.db, this.deps.clock.now(), {
        actor,
        action: 'sso.requireForStaff',
        targetType: 'setting',
        targetId: 0,
        before: { requiredForStaff: before },
        after: { requiredForStaff },
      });
    });
    return this.settings();
  }

  /** Whether staff passwords are refused: only while SSO is configured, so a removed provider frees them. */
  async isRequiredForStaff(): Promise<boolean> {
    return this.deps.config.oidc !== undefined && (await this.deps.repository.isSsoRequiredForStaff());
  }

  async purgeExpired(): Promise<void> {
    await this.deps.repository.deleteExpired(this.deps.clock.now());
  }

  /**
   * The portal account of a checked sign-in: by the provider's subject, else by the same address
   * (linked), else new. Only a verified address of an allowed domain gets in, as staff (jde).
   */
  private async accountOf(
    { claims }: VerifiedSignIn,
    settings: OidcConfig,
    acceptLanguage: string | undefined,
  ): Promise<UserRow> {
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (claims.email_verified !== true || !email) throw new SignInRefused('emailNotVerified');
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (!email.includes('@') || !settings.allowedDomains.includes(domain))
      throw new SignInRefused('foreignDomain');
    const now = this.deps.clock.now();
    const accounts = this.deps.accountsRepository;
    return accounts.transaction(async (repository) => {
      const bySubject = await repository.findUserBySsoSubject(claims.sub);
      const user = bySubject ?? (await repository.findUserByEmail(email));
      if (!user) return this.createAccount(repository, { claims, email, acceptLanguage }, now);
      if (user.deactivated_at !== null || user.rejected_at !== null) throw new SignInRefused('deactivated');
      // Another provider identity holds this address's account already.
      if (user.sso_subject !== null && user.sso_subject !== claims.sub) throw new SignInRefused('failed');
      await repository.updateUser(user.id, {
        sso_subject: claims.sub,
        jde: 1,
        email_confirmed_at: user.email_confirmed_at ?? now,
        approved_at: user.approved_at ?? now,
        // An unconfirmed sign-up's password was set by whoever typed the address, maybe not its
        // owner: the provider proves the owner, so that password must not open the account.
        ...(user.email_confirmed_at === null ? { password_hash: '' } : {}),
        updated_at: now,
      });
      return (await repository.findUserById(user.id))!;
    });
  }

  private async createAccount(
    repository: AccountsRepository,
    {
      claims,
      email,
      acceptLanguage,
    }: { claims: VerifiedSignIn['claims']; email: string; acceptLanguage?: string },
    now: number,
  ): Promise<UserRow> {
    const company = this.deps.config.companyName;
    const id = await repository.insertUser({
      email,
      // No password: this account signs in through the provider (no argon2 hash is empty).
      password_hash: '',
      firstname: claimText(claims.given_name) || claimText(claims.name).split(' ')[0] || '',
      lastname: claimText(claims.family_name) || claimText(claims.name).split(' ').slice(1).join(' '),
      company,
      phone: '',
      contact_person: company,
      lang: languageOf(claims.locale) ?? browserLanguage(acceptLanguage) ?? 'de',
      jde: 1,
      is_super_user: 0,
      email_confirmed_at: now,
      approved_at: now,
      created_at: now,
      updated_at: now,
      sso_subject: claims.sub,
    });
    // The same person's sign-in in another tab made it a moment ago.
    if (id === undefined) throw new SignInRefused('failed');
    return (await repository.findUserById(id))!;
  }

  private loginError(reason: SsoError): string {
    return `${this.deps.config.publicUrl}/login?ssoError=${reason}`;
  }
}

function claimText(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 100) : '';
}

/** A language tag as the provider sends it ("de-DE", "fr", "en_GB"); undefined when it is none of ours. */
function languageOf(tag: unknown): Language | undefined {
  const prefix = typeof tag === 'string' ? tag.trim().slice(0, 2).toLowerCase() : '';
  return (LANGUAGES as readonly string[]).includes(prefix) ? (prefix as Language) : undefined;
}

/**
 * The browser's first language of ours in `Accept-Language` ("fr-CH, en;q=0.8"), for a provider
 * that sends no `locale`. Browsers list languages by preference, so the order is taken as it is.
 */
function browserLanguage(header: string | undefined): Language | undefined {
  for (const range of (header ?? '').split(',').slice(0, 20)) {
    const language = languageOf(range.split(';')[0]);
    if (language) return language;
  }
  return undefined;
}
