import { z } from 'zod';
import { ErrorCodes } from './error-codes.js';

/** Longest phone field the forms take (room for spaces, brackets and an extension). */
export const PHONE_MAX_LENGTH = 40;
/** A number shorter than this cannot be dialled from outside; longer than E.164 allows is a typo. */
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 20;

/** Only what people write into phone numbers: digits, spaces, +, brackets, dashes and slashes. */
const PHONE_CHARACTERS = /^[0-9 +()\-/]+$/;

/** Whether a text looks like a phone number (issue 19.12): allowed characters and 6–20 digits. */
export function isPhoneNumber(value: string): boolean {
  if (!PHONE_CHARACTERS.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * An optional phone number, trimmed: empty, or one that looks like a number. A text over the
 * length limit is only "too long", so it gets one message instead of two.
 */
export const optionalPhone = () =>
  z
    .string()
    .trim()
    .max(PHONE_MAX_LENGTH, { error: ErrorCodes.tooLong })
    .refine((value) => value === '' || value.length > PHONE_MAX_LENGTH || isPhoneNumber(value), {
      error: ErrorCodes.invalidPhone,
    })
    .optional()
    .default('');
