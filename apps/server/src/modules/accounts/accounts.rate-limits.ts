import type { RateLimitRule } from '../../platform/http/rate-limiter.js';

const MINUTE = 60 * 1000;

/**
 * Throttles for the guessable calls. Failed logins count per account *and* address pair, so an
 * attacker at one address cannot lock the real user (at another) out; a much higher per-account
 * ceiling still stops a distributed guesser, and at worst blocks the account for one 15-minute window.
 */
export const LIMITS = {
  /** Failures only: an office behind one address may sign in as many colleagues as it has. */
  loginFailuresPerIp: { name: 'login-fail-ip', limit: 30, windowMs: 15 * MINUTE },
  loginFailuresPerAccountAndIp: { name: 'login-fail-account-ip', limit: 5, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { name: 'login-fail-account', limit: 50, windowMs: 15 * MINUTE },
  signupPerIp: { name: 'signup-ip', limit: 10, windowMs: 60 * MINUTE },
  checkEmailPerIp: { name: 'check-email-ip', limit: 60, windowMs: 10 * MINUTE },
  forgotPerIp: { name: 'forgot-ip', limit: 10, windowMs: 60 * MINUTE },
  /**
   * The same calls from all addresses together (issue 17.3): they tell whether an address has an
   * account (the spec's messages), so a guesser with many addresses is stopped too. Far above what
   * the portal's audience does in that time; reaching one is written to the audit log.
   */
  signupGlobal: { name: 'signup-all', limit: 200, windowMs: 60 * MINUTE },
  checkEmailGlobal: { name: 'check-email-all', limit: 600, windowMs: 10 * MINUTE },
  forgotGlobal: { name: 'forgot-all', limit: 200, windowMs: 60 * MINUTE },
  contactPerIp: { name: 'contact-ip', limit: 5, windowMs: 10 * MINUTE },
  linkPerIp: { name: 'link-ip', limit: 60, windowMs: 10 * MINUTE },
  passwordFailuresPerUser: { name: 'password-fail-user', limit: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
