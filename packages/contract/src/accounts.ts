import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_MAX_LENGTH } from './constants.js';
import { email, LanguageSchema, longText, optionalText, personName } from './common.js';
import { ErrorCodes } from './error-codes.js';
import { optionalPhone } from './phone-number.js';

/** Schemas of the account calls (spec 7.1), named for the call. */

const password = (code: string) =>
  z
    .string({ error: code })
    .min(PASSWORD_MIN_LENGTH, { error: code })
    .max(PASSWORD_MAX_LENGTH, { error: ErrorCodes.tooLong });

// ---------- the stored user (spec 3) ----------

export const UserSummary = z.object({
  userId: z.number().int(),
  userName: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  phone: z.string(),
  isSuperUser: z.boolean(),
  jde: z.boolean(),
  lang: LanguageSchema,
});
export type UserSummary = z.infer<typeof UserSummary>;

/** What the app keeps in local storage after login. */
export const StoredUser = UserSummary.extend({ token: z.string() });
export type StoredUser = z.infer<typeof StoredUser>;

// ---------- login / logout ----------

export const LoginRequest = z.object({
  username: email(ErrorCodes.invalidEmail),
  password: z.string().min(1, { error: ErrorCodes.required }).max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof LoginRequest>;
export const LoginAnswer = StoredUser;
export type LoginAnswer = z.infer<typeof LoginAnswer>;

// ---------- profile ----------

export const UserProfile = UserSummary.extend({
  contactPerson: z.string(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const GetUserAnswer = z.object({ data: z.object({ user: UserProfile }) });
export type GetUserAnswer = z.infer<typeof GetUserAnswer>;

export const ProfileForm = z
  .object({
    firstname: personName(ErrorCodes.required),
    lastname: personName(ErrorCodes.required),
    company: personName(ErrorCodes.required),
    phone: optionalPhone(),
    lang: LanguageSchema.optional(),
    /** Empty or absent: the password stays as it is. */
    password: z
      .string()
      .max(PASSWORD_MAX_LENGTH, { error: ErrorCodes.tooLong })
      .refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, {
        error: ErrorCodes.profileTooShort,
      })
      .optional()
      .default(''),
    passwordRepeat: z.string().max(PASSWORD_MAX_LENGTH).optional().default(''),
    /** Needed with a new password: a session's token alone must not be able to take the account over. */
    currentPassword: z
      .string()
      .max(PASSWORD_MAX_LENGTH, { error: ErrorCodes.tooLong })
      .optional()
      .default(''),
  })
  .refine((form) => form.password === form.passwordRepeat, {
    error: ErrorCodes.profileDoNotMatch,
    path: ['passwordRepeat'],
  })
  .refine((form) => form.password === '' || form.currentPassword !== '', {
    error: ErrorCodes.profileCurrentPasswordRequired,
    path: ['currentPassword'],
  });
export type ProfileForm = z.input<typeof ProfileForm>;

export const SaveProfileRequest = z.object({ user: ProfileForm });
export type SaveProfileRequest = z.input<typeof SaveProfileRequest>;
export const SaveProfileAnswer = z.object({ success: z.literal(true), user: UserProfile });
export type SaveProfileAnswer = z.infer<typeof SaveProfileAnswer>;

export const DeleteAccountRequest = z.object({
  user: z.unknown().optional(),
  password: z
    .string({ error: ErrorCodes.passwordError })
    .min(PASSWORD_MIN_LENGTH, { error: ErrorCodes.passwordError })
    .max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;

// ---------- signup (spec 5) ----------

/** Step 1 of the wizard: e-mail and password twice. */
export const SignupStep1 = z
  .object({
    email: email(ErrorCodes.wrongMail),
    password: password(ErrorCodes.passMinChar),
    passwordRepeat: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((form) => form.password === form.passwordRepeat, {
    error: ErrorCodes.passNotMatching,
    path: ['passwordRepeat'],
  });

/** Step 2: company and person. */
export const SignupStep2 = z.object({
  company: personName(ErrorCodes.step2Required),
  lastname: personName(ErrorCodes.step2Required),
  firstname: personName(ErrorCodes.step2Required),
  phone: optionalPhone(),
});

/**
 * Step 3: contact person (not needed for internal addresses) and the terms of use.
 * `internal` tells whether the e-mail belongs to the company's own domain.
 */
export const signupStep3 = (internal: boolean) =>
  z.object({
    contactPerson: internal ? optionalText(NAME_MAX_LENGTH) : personName(ErrorCodes.step3Required),
    tou: z.literal(true, { error: ErrorCodes.accept }),
  });

export const SignupRequest = z
  .object({
    email: email(ErrorCodes.wrongMail),
    password: password(ErrorCodes.passMinChar),
    passwordRepeat: z.string().max(PASSWORD_MAX_LENGTH),
    company: personName(ErrorCodes.step2Required),
    lastname: personName(ErrorCodes.step2Required),
    firstname: personName(ErrorCodes.step2Required),
    phone: optionalPhone(),
    /** Checked by the server against the internal domains; see signupStep3. */
    contactPerson: optionalText(NAME_MAX_LENGTH),
    tou: z.literal(true, { error: ErrorCodes.accept }),
    lang: LanguageSchema.default('de'),
    /** Sent by the app, ignored by the server: the server decides who is internal. */
    jde: z.boolean().optional(),
  })
  .refine((form) => form.password === form.passwordRepeat, {
    error: ErrorCodes.passNotMatching,
    path: ['passwordRepeat'],
  });
export type SignupRequest = z.input<typeof SignupRequest>;

export const CheckEmailRequest = z.object({ email: email(ErrorCodes.wrongMail) });
export type CheckEmailRequest = z.input<typeof CheckEmailRequest>;
export const CheckEmailAnswer = z.object({ available: z.boolean() });
export type CheckEmailAnswer = z.infer<typeof CheckEmailAnswer>;

export const isInternalEmail = (address: string, internalDomains: readonly string[]): boolean => {
  const domain = address.trim().toLowerCase().split('@')[1] ?? '';
  return internalDomains.some((internal) => domain === internal || domain.endsWith(`.${internal}`));
};

// ---------- links: confirm and reset ----------

const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const LinkToken = z.string().regex(LINK_TOKEN_PATTERN);
/** The random part of a confirm or reset link; `code` is what the app shows for a malformed one. */
export const linkToken = (code: string) =>
  z.string({ error: code }).regex(LINK_TOKEN_PATTERN, { error: code });

/** Path of `/api/user/confirm/{uuid}`: a malformed link is the same 400 as an unknown one's text. */
export const ConfirmLinkParams = z.object({ uuid: linkToken(ErrorCodes.confirmLinkInvalid) });
/** Path of `/api/user/reset_password/{uuid}`. */
export const ResetLinkParams = z.object({ uuid: linkToken(ErrorCodes.resetLinkInvalid) });

export const LinkCheckAnswer = z.object({ success: z.boolean(), lang: LanguageSchema });
export type LinkCheckAnswer = z.infer<typeof LinkCheckAnswer>;

export const ForgotPasswordRequest = z.object({
  username: email(ErrorCodes.invalidEmail),
  lang: LanguageSchema.default('de'),
});
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;
export const ForgotPasswordAnswer = z.object({ success: z.boolean(), message: z.string() });
export type ForgotPasswordAnswer = z.infer<typeof ForgotPasswordAnswer>;

export const ResetPasswordForm = z
  .object({
    password: password(ErrorCodes.resetPassMinChar),
    passwordRepeat: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((form) => form.passwordRepeat === undefined || form.password === form.passwordRepeat, {
    error: ErrorCodes.resetPassNotMatching,
    path: ['passwordRepeat'],
  });
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

// ---------- contact ----------

export const ContactRequest = z.object({
  name: personName(ErrorCodes.required),
  email: email(ErrorCodes.invalidEmail),
  phone: optionalText(40),
  message: longText(TEXT_MAX_LENGTH).default(''),
  userId: z.union([z.number().int(), z.string().max(40), z.null()]).optional(),
});
export type ContactRequest = z.input<typeof ContactRequest>;
