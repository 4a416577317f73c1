// Schema-free on purpose: forms that only check an address do not load zod.
import { EMAIL_MAX_LENGTH } from './constants.js';

/**
 * The "standard address pattern" of spec 5: one @, no spaces, a dot in the domain,
 * a top-level domain of at least two letters. Used by app and server alike.
 */
export const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[A-Za-z]{2,}$/;

export const isEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
