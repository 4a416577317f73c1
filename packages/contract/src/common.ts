import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  TEXT_MAX_LENGTH,
} from './constants.js';
import { EMAIL_PATTERN } from './email-pattern.js';
import { ErrorCodes } from './error-codes.js';

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
