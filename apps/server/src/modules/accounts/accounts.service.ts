import {
  CONFIRM_LINK_VALIDITY_MS,
  ErrorCodes,
  LANGUAGES,
  RESET_LINK_VALIDITY_MS,
  isInternalEmail,
  type ContactRequest,
  type Language,
  type LoginAnswer,
  type ProfileForm,
  type SignupRequest,
  type UserProfile,
} from '@mediabox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { UserRow } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limiter.js';
import type { MailOutbox } from '../../platform/mail/mail-job.js';
import type { ActiveUsers } from '../../platform/security/active-users.js';
import { isCommonPassword } from '../../platform/security/common-passwords.js';
import { PasswordAttempts } from '../../platform/security/password-attempts.js';
import { addressNetwork } from '../../platform/http/address-network.js';
import { writeAudit } from '../audit/audit-log.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/security/passwords.js';
import { hashToken, randomToken } from '../../platform/security/tokens.js';
import {
  confirmationMail,
  contactMail,
  passwordChangedMail,
  resetMail,
  type MailRecipient,
} from './accounts.mails.js';
import type { AccountsRepository, SessionWithUser, SsoSessionFacts } from './accounts.repository.js';
import { LIMITS } from './accounts.rate-limits.js';

/** Who the audit log names for what the portal does by itself. */
const SYSTEM_ACTOR = { id: null, email: 'system' };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session unused this long ends. */
const SESSION_IDLE_MS = 30 * DAY_MS;
/**
 * A session ends this long after the sign-in however active it is (issue 17.2): a stolen token
 * cannot be kept alive for ever by using it.
 */
const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** Extending a session costs a write; once an hour is enough to keep active users signed in. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;

type SignupData = z.output<typeof SignupRequest>;
type ProfileData = z.output<typeof ProfileForm>;
type ContactData = z.output<typeof ContactRequest>;

export interface AccountsDeps {
  config: Config;
  clock: Clock;
  repository: AccountsRepository;
  mail: MailOutbox;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Told of a deleted account, so its links stop at once. */
  activeUsers: Pick<ActiveUsers, 'forget'>;
  /** Issue 23: whether a super user requires SSO for staff (then staff passwords no longer work). */
  ssoRequiredForStaff?: () => Promise<boolean>;
  /** Issue 23: asks the provider to renew an SSO session at its end, with the refresh token it gave. */
  renewSso?: (refreshToken: string) => Promise<SsoRenewal>;
}

/** The provider's word on a refresh: renewed (until `expiresAt`), refused (the user left), or not reachable. */
export type SsoRenewal =
  | { outcome: 'renewed'; expiresAt: number; refreshToken: string; idToken: string | null }
  | { outcome: 'refused' }
  | { outcome: 'unavailable' };

/** Account lifecycle: signup -> e-mail confirmed -> approved by an administrator -> sign in. */
export class AccountsService {
  /** Every password check of this instance goes through it (counted first, bounded in number). */
  private readonly passwordAttempts: PasswordAttempts;
  /** One refresh per SSO session at a time on this instance: a rotated refresh token works once. */
  private readonly renewals = new Map<number, Promise<boolean>>();

  constructor(private readonly deps: AccountsDeps) {
    this.passwordAttempts = new PasswordAttempts(deps.rateLimiter);
  }

  /**
   * Throttles the calls that tell whether an address has an account (spec 8 keeps their messages):
   * per client address and for all addresses together. The first refusal of each window is logged
   * and written to the audit log, so a spike is visible to administrators (issue 17.3).
   */
  private async throttleLookup(perAddress: RateLimitRule, forAll: RateLimitRule, ip: string): Promise<void> {
    await this.deps.rateLimiter.hit(perAddress, ip, () => this.reportSpike(perAddress, addressNetwork(ip)));
    await this.deps.rateLimiter.hit(forAll, 'all', () => this.reportSpike(forAll, 'all'));
  }

  private async reportSpike(rule: RateLimitRule, source: string): Promise<void> {
    const after = { rule: rule.name, from: source, limit: rule.limit, windowMinutes: rule.windowMs / 60_000 };
    this.deps.log.warn(after, 'throttle reached: many account lookups');
    try {
      await writeAudit(this.repository.db, this.now(), {
        actor: SYSTEM_ACTOR,
        action: 'abuse.limitReached',
        targetType: 'limit',
        targetId: 0,
        before: null,
        after,
      });
    } catch (err) {
      // The refusal matters more than its record: a failed write must not turn a 429 into a 500.
      this.deps.log.error({ err }, 'throttle spike not recorded');
    }
  }

  /** Refuses one of the 10,000 most common passwords, naming the field it came in (issue 17.3). */
  private async refuseCommonPassword(password: string, path: string): Promise<void> {
    if (await isCommonPassword(password)) {
      throw new AppError(ErrorCodes.passwordTooCommon, 'This password is one of the most common ones', [
        { path, code: ErrorCodes.passwordTooCommon },
      ]);
    }
  }

  private get repository() {
    return this.deps.repository;
  }
  private now() {
    return this.deps.clock.now();
  }

  // ---------- sessions ----------

  /** Resolves a bearer token to an active, approved user; null for unknown, expired or revoked tokens. */
  async resolveToken(token: string): Promise<AuthUser | null> {
    const found = await this.repository.findSession(hashToken(token));
    const now = this.now();
    if (!found || !isActive(found.user)) return null;
    if (found.expiresAt <= now) {
      return (await this.renewedSsoSession(found, now)) ? toAuthUser(found.user, found.sessionId) : null;
    }
    if (now - found.lastSeenAt > SESSION_TOUCH_MS) {
      // A provider's session is never extended past OIDC_SESSION_HOURS: then the provider is asked again.
      const expiresAt = Math.min(
        now + SESSION_IDLE_MS,
        found.createdAt + SESSION_ABSOLUTE_MS,
        found.ssoExpiresAt ?? Number.POSITIVE_INFINITY,
      );
      await this.repository.touchSession(found.sessionId, now, expiresAt);
    }
    return toAuthUser(found.user, found.sessionId);
  }

  async login(username: string, password: string, ip: string): Promise<LoginAnswer> {
    const { rateLimiter } = this.deps;
    const user = await this.repository.findUserByEmail(username);
    const valid = await this.passwordAttempts.verify(
      [
        { rule: LIMITS.loginFailuresPerIp, subject: ip },
        { rule: LIMITS.loginFailuresPerAccountAndIp, subject: `${username}|${ip}` },
        { rule: LIMITS.loginFailuresPerAccount, subject: username },
      ],
      { account: username, address: ip },
      async () =>
        user ? verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false),
    );
    if (!user || !valid) throw new AppError(ErrorCodes.wrongCredentials, 'Wrong e-mail or password');
    // The state is told only to someone who knows the password.
    if (user.email_confirmed_at === null)
      throw new AppError(ErrorCodes.notVerified, 'E-mail address not verified yet');
    if (user.deactivated_at !== null)
      throw new AppError(ErrorCodes.accountDeactivated, 'Account deactivated');
    // A rejected applicant sees the deactivated text, which sends them to the administrator.
    if (user.rejected_at !== null) throw new AppError(ErrorCodes.accountDeactivated, 'Registration rejected');
    if (user.approved_at === null) throw new AppError(ErrorCodes.notActivated, 'Account not activated yet');
    // Issue 23: staff sign in with the company account only, when a super user says so. Super users
    // keep their password, so a broken provider never locks the administration out.
    if (user.jde === 1 && user.is_super_user !== 1 && (await this.deps.ssoRequiredForStaff?.())) {
      throw new AppError(ErrorCodes.ssoRequired, 'Staff sign in with the company account');
    }

    await rateLimiter.reset(LIMITS.loginFailuresPerAccountAndIp, `${username}|${ip}`);
    return this.startSession(user);
  }

  /**
   * A new session of an active user, as the login answers it. `sso`: made through the OpenID
   * provider (issue 23), it ends at `sso.expiresAt` however active, and keeps the ID token for the
   * provider's logout.
   */
  async startSession(user: UserRow, sso?: SsoSessionFacts): Promise<LoginAnswer> {
    const token = randomToken();
    const now = this.now();
    await this.repository.transaction(async (repository) => {
      await repository.insertSession({
        tokenHash: hashToken(token),
        userId: user.id,
        now,
        expiresAt: Math.min(now + SESSION_IDLE_MS, sso?.expiresAt ?? Number.POSITIVE_INFINITY),
        ...(sso ? { sso } : {}),
      });
      await repository.updateUser(user.id, { last_login_at: now });
    });
    return { token, ...toSummary(user) };
  }

  /**
   * An SSO session at its OIDC_SESSION_HOURS end, renewed when the provider still vouches for the
   * user (issue 23). A refusal means the user left: every session of theirs ends at once.
   */
  private renewedSsoSession(found: SessionWithUser, now: number): Promise<boolean> {
    const { renewSso } = this.deps;
    const refreshToken = found.ssoRefreshToken;
    const renewable =
      renewSso !== undefined &&
      refreshToken !== null &&
      found.ssoExpiresAt !== null &&
      found.ssoExpiresAt <= now &&
      now < found.lastSeenAt + SESSION_IDLE_MS &&
      now < found.createdAt + SESSION_ABSOLUTE_MS;
    if (!renewable) return Promise.resolve(false);
    const running = this.renewals.get(found.sessionId);
    if (running) return running;
    const renewal = (async () => {
      const answer = await renewSso(refreshToken);
      if (answer.outcome === 'refused') {
        await this.repository.deleteSessionsOfUser(found.user.id);
        return false;
      }
      if (answer.outcome === 'unavailable') return false;
      await this.repository.renewSsoSession(found.sessionId, refreshToken, {
        ssoExpiresAt: answer.expiresAt,
        expiresAt: Math.min(now + SESSION_IDLE_MS, found.createdAt + SESSION_ABSOLUTE_MS, answer.expiresAt),
        refreshToken: answer.refreshToken,
        idToken: answer.idToken,
        now,
      });
      return true;
    })().finally(() => this.renewals.delete(found.sessionId));
    this.renewals.set(found.sessionId, renewal);
    return renewal;
  }

  async logout(auth: AuthUser): Promise<void> {
    await this.repository.deleteSession(auth.sessionId);
  }

  // ---------- signup and links ----------

  async isEmailAvailable(email: string, ip: string): Promise<boolean> {
    await this.throttleLookup(LIMITS.checkEmailPerIp, LIMITS.checkEmailGlobal, ip);
    return (await this.repository.findUserByEmail(email.trim().toLowerCase())) === undefined;
  }

  async signup(form: SignupData, ip: string): Promise<void> {
    await this.throttleLookup(LIMITS.signupPerIp, LIMITS.signupGlobal, ip);
    const internal = isInternalEmail(form.email, this.deps.config.internalEmailDomains);
    if (!internal && form.contactPerson.length < 2) {
      throw new AppError(ErrorCodes.step3Required, 'A contact person is required', [
        { path: 'contactPerson', code: ErrorCodes.step3Required },
      ]);
    }
    await this.refuseCommonPassword(form.password, 'password');
    const passwordHash = await hashPassword(form.password);
    const now = this.now();
    const token = randomToken();
    await this.repository.transaction(async (repository) => {
      const userId = await repository.insertUser({
        email: form.email,
        password_hash: passwordHash,
        firstname: form.firstname,
        lastname: form.lastname,
        company: form.company,
        phone: form.phone,
        // Staff have no contact person of their own: the company is theirs (spec 5).
        contact_person: internal ? form.company : form.contactPerson,
        lang: form.lang,
        // Staff rights come with the approval, never with the sign-up alone (issue 17.9): see AdminService.approve.
        jde: 0,
        is_super_user: 0,
        created_at: now,
        updated_at: now,
      });
      if (userId === undefined) {
        throw new AppError(ErrorCodes.mailExists, 'This e-mail address is already registered', [
          { path: 'email', code: ErrorCodes.mailExists },
        ]);
      }
      await repository.insertLink({
        tokenHash: hashToken(token),
        userId,
        purpose: 'confirm',
        now,
        expiresAt: now + CONFIRM_LINK_VALIDITY_MS,
        lang: form.lang,
      });
      await this.deps.mail.queue(
        confirmationMail(recipient(form), this.link(`/confirm/${token}`), this.deps.config.companyName),
        { executor: repository.db },
      );
    });
  }

  /** Checks a confirm link without using it; answers the language its mail was written in. */
  async checkConfirmLink(token: string, ip: string): Promise<Language> {
    await this.deps.rateLimiter.hit(LIMITS.linkPerIp, ip);
    const tokenHash = hashToken(token);
    const link = await this.repository.findUsableLink(tokenHash, 'confirm', this.now());
    if (!link) throw await this.unusableConfirmLink(this.repository, tokenHash);
    return asLanguage(link.lang);
  }

  /** Why a confirm link cannot be used: the address was confirmed already, or the link is not valid. */
  private async unusableConfirmLink(repository: AccountsRepository, tokenHash: string): Promise<AppError> {
    if (await repository.isConfirmLinkOfConfirmedUser(tokenHash)) {
      return new AppError(ErrorCodes.confirmAlreadyDone, 'This e-mail address is already confirmed');
    }
    return new AppError(ErrorCodes.confirmLinkInvalid, 'This link is not valid');
  }

  async confirmEmail(token: string, ip: string): Promise<void> {
    await this.deps.rateLimiter.hit(LIMITS.linkPerIp, ip);
    const now = this.now();
    const tokenHash = hashToken(token);
    await this.repository.transaction(async (repository) => {
      const link = await repository.findUsableLink(tokenHash, 'confirm', now);
      if (!link || !(await repository.useLink(tokenHash, 'confirm', now))) {
        throw await this.unusableConfirmLink(repository, tokenHash);
      }
      await repository.updateUser(link.user_id, { email_confirmed_at: now, updated_at: now });
    });
  }

  async requestPasswordReset(email: string, lang: Language, ip: string): Promise<void> {
    await this.throttleLookup(LIMITS.forgotPerIp, LIMITS.forgotGlobal, ip);
    const now = this.now();
    const token = randomToken();
    await this.repository.transaction(async (repository) => {
      const user = await repository.findUserByEmail(email);
      // Spec 8 documents both answers; the address check is public through /user/check/ anyway.
      if (!user) throw new AppError(ErrorCodes.emailNotFound, 'No account with this e-mail address');
      if (await repository.hasUsableLinkOfUser(user.id, 'reset', now)) {
        throw new AppError(
          ErrorCodes.resetAlreadyRequested,
          'A reset link was sent already; it is valid for one hour',
        );
      }
      await repository.insertLink({
        tokenHash: hashToken(token),
        userId: user.id,
        purpose: 'reset',
        now,
        expiresAt: now + RESET_LINK_VALIDITY_MS,
        lang,
      });
      await this.deps.mail.queue(
        resetMail(recipient(user, lang), this.link(`/reset_password/${token}`), this.deps.config.companyName),
        { executor: repository.db },
      );
    });
  }

  async checkResetLink(token: string, ip: string): Promise<Language> {
    await this.deps.rateLimiter.hit(LIMITS.linkPerIp, ip);
    const link = await this.repository.findUsableLink(hashToken(token), 'reset', this.now());
    if (!link) throw new AppError(ErrorCodes.resetLinkInvalid, 'This link is not valid');
    return asLanguage(link.lang);
  }

  /** Sets the new password, uses the link up and ends every session (whoever had the old password is out). */
  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    await this.deps.rateLimiter.hit(LIMITS.linkPerIp, ip);
    // Refused before the link is used: the user may try another password with the same link.
    await this.refuseCommonPassword(password, 'password');
    const passwordHash = await hashPassword(password);
    const now = this.now();
    const tokenHash = hashToken(token);
    await this.repository.transaction(async (repository) => {
      const link = await repository.findUsableLink(tokenHash, 'reset', now);
      if (!link || !(await repository.useLink(tokenHash, 'reset', now))) {
        throw new AppError(ErrorCodes.resetLinkInvalid, 'This link is not valid');
      }
      const user = await repository.findUserById(link.user_id);
      await repository.updateUser(link.user_id, {
        password_hash: passwordHash,
        // Following the link proves the mailbox is theirs.
        email_confirmed_at: user?.email_confirmed_at ?? now,
        updated_at: now,
      });
      await repository.deleteSessionsOfUser(link.user_id);
    });
  }

  // ---------- profile ----------

  async profile(auth: AuthUser): Promise<UserProfile> {
    const user = await this.repository.findUserById(auth.id);
    if (!user) throw new AppError(ErrorCodes.unauthorized, 'Sign in first');
    return toProfile(user);
  }

  /**
   * Saves person and company; a new password needs the current one (issue 17.2: a session's token
   * alone must not take the account over), ends the other sessions and is told to the owner by mail.
   */
  async saveProfile(auth: AuthUser, form: ProfileData): Promise<UserProfile> {
    let changed: { hash: string; owner: UserRow } | undefined;
    if (form.password) {
      const { user, valid } = await this.verifyOwnPassword(auth, form.currentPassword);
      if (!valid) {
        throw new AppError(ErrorCodes.profileCurrentPasswordWrong, 'The current password is wrong', [
          { path: 'user.currentPassword', code: ErrorCodes.profileCurrentPasswordWrong },
        ]);
      }
      await this.refuseCommonPassword(form.password, 'user.password');
      changed = { hash: await hashPassword(form.password), owner: user };
    }
    const now = this.now();
    await this.repository.transaction(async (repository) => {
      await repository.updateUser(auth.id, {
        firstname: form.firstname,
        lastname: form.lastname,
        company: form.company,
        phone: form.phone,
        ...(form.lang ? { lang: form.lang } : {}),
        ...(changed ? { password_hash: changed.hash } : {}),
        updated_at: now,
      });
      if (!changed) return;
      // A new password ends every other session; the one that changed it stays signed in.
      await repository.deleteSessionsOfUser(auth.id, auth.sessionId);
      // Told under the name and in the language just saved.
      const owner = { ...changed.owner, firstname: form.firstname, lastname: form.lastname };
      await this.deps.mail.queue(
        passwordChangedMail(recipient(owner, form.lang), this.link('/login'), this.deps.config.companyName),
        { executor: repository.db },
      );
    });
    return this.profile(auth);
  }

  async deleteAccount(auth: AuthUser, password: string): Promise<void> {
    const { user, valid } = await this.verifyOwnPassword(auth, password);
    if (!valid) {
      throw new AppError(ErrorCodes.passwordError, 'Invalid password', [
        { path: 'password', code: ErrorCodes.passwordError },
      ]);
    }
    if (user.is_super_user && (await this.repository.countSuperUsers()) <= 1) {
      throw new AppError(ErrorCodes.conflict, 'The last super user cannot delete the account');
    }
    // Sessions and links go with the user (foreign keys cascade).
    await this.repository.deleteUser(auth.id);
    this.deps.activeUsers.forget(auth.id);
  }

  /**
   * A signed-in user's own password (for a change or account deletion), checked against the
   * per-user failure budget: a stolen token must not become a way to guess the password.
   */
  private async verifyOwnPassword(
    auth: AuthUser,
    password: string,
  ): Promise<{ user: UserRow; valid: boolean }> {
    const user = await this.repository.findUserById(auth.id);
    if (!user) throw new AppError(ErrorCodes.unauthorized, 'Sign in first');
    const valid = await this.passwordAttempts.verify(
      [{ rule: LIMITS.passwordFailuresPerUser, subject: String(auth.id) }],
      { account: user.email },
      () => verifyPassword(user.password_hash, password),
    );
    return { user, valid };
  }

  // ---------- contact ----------

  async contact(form: ContactData, auth: AuthUser | null, ip: string): Promise<void> {
    await this.deps.rateLimiter.hit(LIMITS.contactPerIp, ip);
    await this.deps.mail.queue(
      contactMail(
        this.deps.config.supportEmail,
        {
          name: form.name,
          email: form.email,
          phone: form.phone,
          message: form.message,
          ...(auth ? { userId: auth.id } : {}),
        },
        this.deps.config.companyName,
      ),
    );
  }

  // ---------- administration (approval and the rest: modules/admin) ----------

  /** Creates a ready-to-use account (confirmed and approved), for the CLI and the first super user. */
  async createUser(input: {
    email: string;
    password: string;
    firstname?: string;
    lastname?: string;
    company?: string;
    superUser?: boolean;
    internal?: boolean;
    lang?: Language;
  }): Promise<UserRow> {
    const now = this.now();
    const email = input.email.trim().toLowerCase();
    const id = await this.repository.insertUser({
      email,
      password_hash: await hashPassword(input.password),
      firstname: input.firstname ?? 'Admin',
      lastname: input.lastname ?? 'Mediabox',
      company: input.company ?? this.deps.config.companyName,
      phone: '',
      contact_person: input.company ?? this.deps.config.companyName,
      lang: input.lang ?? 'de',
      jde: input.internal || isInternalEmail(email, this.deps.config.internalEmailDomains) ? 1 : 0,
      is_super_user: input.superUser ? 1 : 0,
      email_confirmed_at: now,
      approved_at: now,
      created_at: now,
      updated_at: now,
    });
    if (id === undefined) throw new AppError(ErrorCodes.mailExists, `A user ${email} exists already`);
    return (await this.repository.findUserById(id))!;
  }

  listUsers(): Promise<UserRow[]> {
    return this.repository.listUsers();
  }

  /**
   * On first start: makes sure a super user exists. Uses ADMIN_EMAIL/ADMIN_PASSWORD when set;
   * otherwise generates a password that the caller prints once.
   */
  async ensureFirstSuperUser(): Promise<{ email: string; password: string | null } | null> {
    if ((await this.repository.countSuperUsers()) > 0) return null;
    const { adminEmail, adminPassword, internalEmailDomains } = this.deps.config;
    const email = adminEmail ?? `admin@${internalEmailDomains[0] ?? 'mediabox.local'}`;
    const password = adminPassword ?? randomToken(12);
    const existing = await this.repository.findUserByEmail(email);
    if (existing) {
      const now = this.now();
      await this.repository.updateUser(existing.id, {
        is_super_user: 1,
        email_confirmed_at: existing.email_confirmed_at ?? now,
        approved_at: existing.approved_at ?? now,
        updated_at: now,
      });
      return { email, password: null };
    }
    try {
      await this.createUser({ email, password, superUser: true, internal: true });
    } catch (err) {
      // Another instance starting at the same moment created it (and printed its password).
      if (err instanceof AppError && err.code === ErrorCodes.mailExists) return null;
      throw err;
    }
    return { email, password: adminPassword ? null : password };
  }

  /** Housekeeping run by a periodic job. */
  async purgeExpired(): Promise<void> {
    await this.repository.deleteExpiredSessions(this.now());
  }

  private link(pathname: string): string {
    return `${this.deps.config.publicUrl}${pathname}`;
  }
}

function isActive(user: UserRow): boolean {
  return user.email_confirmed_at !== null && user.approved_at !== null && user.deactivated_at === null;
}

function asLanguage(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'de';
}

function recipient(
  user: { email: string; firstname: string; lastname: string; lang: string },
  lang?: Language,
): MailRecipient {
  return {
    email: user.email,
    name: `${user.firstname} ${user.lastname}`.trim(),
    lang: lang ?? asLanguage(user.lang),
  };
}

function toAuthUser(user: UserRow, sessionId: number): AuthUser {
  return {
    id: user.id,
    email: user.email,
    isSuperUser: user.is_super_user === 1,
    jde: user.jde === 1,
    lang: user.lang,
    sessionId,
  };
}

function toSummary(user: UserRow) {
  return {
    userId: user.id,
    userName: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    company: user.company,
    phone: user.phone,
    isSuperUser: user.is_super_user === 1,
    jde: user.jde === 1,
    lang: asLanguage(user.lang),
  };
}

function toProfile(user: UserRow): UserProfile {
  return {
    ...toSummary(user),
    contactPerson: user.contact_person,
    createdAt: new Date(user.created_at).toISOString(),
  };
}
