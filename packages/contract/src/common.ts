import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  TEXT_MAX_LENGTH,
} from './constants.js';
import { ErrorCodes } from './errors.js';

/**
 * The "standard address pattern" of spec 5: one @, no spaces, a dot in the domain,
 * a top-level domain of at least two letters. Used by app and server alike.
 */
export const EMAIL_PATTERN = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[A-Za-z]{2,}$/;

export const isEmail = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);

/** An e-mail address, trimmed and lower-cased; `code` is the translation key shown when it is not valid. */
export const email = (code: string = ErrorCodes.invalidEmail) =>
  z
    .string({ error: code })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: code })
    .regex(EMAIL_PATTERN, { error: code })
    .transform((value) => value.toLowerCase());

export const personName = (code: string = ErrorCodes.required) =>
  z
    .string({ error: code })
    .trim()
    .min(NAME_MIN_LENGTH, { error: code })
    .max(NAME_MAX_LENGTH, { error: ErrorCodes.tooLong });

export const optionalText = (max = NAME_MAX_LENGTH) =>
  z.string().trim().max(max, { error: ErrorCodes.tooLong }).optional().default('');

export const longText = (max = TEXT_MAX_LENGTH) => z.string().max(max, { error: ErrorCodes.tooLong });

export const LanguageSchema = z.enum(LANGUAGES);

export const SuccessAnswer = z.object({ success: z.boolean() });
export type SuccessAnswer = z.infer<typeof SuccessAnswer>;

export const NumericId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
