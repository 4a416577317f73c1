// Schema-free like error-codes.ts: the server's error handler and the app read it without zod.
import { ErrorCodes, type ErrorCode } from './error-codes.js';

/**
 * The HTTP status of every error code: the one place where a code meets its status. The server
 * throws codes (`new AppError(code, message)`) and its error handler answers with the status named
 * here; codes that only ever appear as a field of a failed validation (schema messages) have the
 * validation's 400. A new code without a status here does not compile.
 *
 * Two answers come with a status of their own, outside this table: an error Fastify itself raises
 * keeps Fastify's status (a code is chosen for it in the server's error handler), and a `Range`
 * beyond the end of a file is HTTP's 416 with `errors.badRequest`.
 */
export const ERROR_STATUS = {
  [ErrorCodes.validation]: 400,
  [ErrorCodes.badRequest]: 400,
  [ErrorCodes.unauthorized]: 401,
  [ErrorCodes.forbidden]: 403,
  [ErrorCodes.notFound]: 404,
  [ErrorCodes.conflict]: 409,
  [ErrorCodes.payloadTooLarge]: 413,
  [ErrorCodes.requestTimeout]: 408,
  [ErrorCodes.uriTooLong]: 414,
  [ErrorCodes.passwordTooCommon]: 400,
  [ErrorCodes.unsupportedMediaType]: 415,
  [ErrorCodes.rateLimited]: 429,
  [ErrorCodes.internal]: 500,
  // login (spec 8)
  [ErrorCodes.wrongCredentials]: 401,
  [ErrorCodes.notActivated]: 403,
  [ErrorCodes.notVerified]: 403,
  [ErrorCodes.accountDeactivated]: 403,
  // signup (spec 5, 8)
  [ErrorCodes.mailExists]: 409,
  [ErrorCodes.wrongMail]: 400,
  [ErrorCodes.passMinChar]: 400,
  [ErrorCodes.passNotMatching]: 400,
  [ErrorCodes.step2Required]: 400,
  [ErrorCodes.step3Required]: 400,
  [ErrorCodes.accept]: 400,
  // links
  [ErrorCodes.confirmLinkInvalid]: 404,
  [ErrorCodes.confirmAlreadyDone]: 409,
  [ErrorCodes.resetLinkInvalid]: 404,
  [ErrorCodes.resetPassMinChar]: 400,
  [ErrorCodes.resetPassNotMatching]: 400,
  // forgotten password (spec 8)
  [ErrorCodes.resetAlreadyRequested]: 409,
  [ErrorCodes.emailNotFound]: 404,
  // profile (spec 8)
  [ErrorCodes.profileTooShort]: 400,
  [ErrorCodes.profileDoNotMatch]: 400,
  [ErrorCodes.profileCurrentPasswordRequired]: 400,
  [ErrorCodes.profileCurrentPasswordWrong]: 400,
  [ErrorCodes.passwordError]: 400,
  // catalogue (spec 2.5, 7.2, 8)
  [ErrorCodes.assetNotFound]: 404,
  [ErrorCodes.ticketExpired]: 410,
  [ErrorCodes.ticketInvalid]: 403,
  [ErrorCodes.previewPending]: 404,
  // cart and bundles (spec 2.6, 2.8, 7.3)
  [ErrorCodes.cartFormatMissing]: 400,
  [ErrorCodes.cartEmpty]: 400,
  [ErrorCodes.cartNoFiles]: 400,
  [ErrorCodes.cartTooLarge]: 400,
  [ErrorCodes.bundleExpired]: 410,
  [ErrorCodes.bundleNotFound]: 404,
  [ErrorCodes.bundleRevoked]: 410,
  [ErrorCodes.bundlePreparing]: 409,
  [ErrorCodes.downloadNoFiles]: 400,
  [ErrorCodes.cartPresetNotFound]: 404,
  [ErrorCodes.tooManyRecipients]: 400,
  [ErrorCodes.linkRevoked]: 409,
  [ErrorCodes.linkNotFound]: 404,
  // generic form errors
  [ErrorCodes.required]: 400,
  [ErrorCodes.tooLong]: 400,
  [ErrorCodes.invalidEmail]: 400,
  [ErrorCodes.invalidPhone]: 400,
  // orders (spec 2.10, 4, 5, 6, 7.5)
  [ErrorCodes.orderNotFound]: 404,
  [ErrorCodes.orderInvalidStatus]: 400,
  [ErrorCodes.orderCommentRequired]: 400,
  [ErrorCodes.orderNotReviewable]: 409,
  [ErrorCodes.orderInvalidDate]: 400,
  [ErrorCodes.orderGtinFormat]: 400,
  [ErrorCodes.orderGtinCheckDigit]: 400,
  [ErrorCodes.orderInvalidRecipient]: 400,
  [ErrorCodes.orderFileNotFound]: 404,
  [ErrorCodes.articleNotFound]: 404,
  [ErrorCodes.orderFileRefused]: 415,
  [ErrorCodes.orderFileTooLarge]: 413,
  [ErrorCodes.orderTooManyFiles]: 413,
  [ErrorCodes.orderUploadInvalid]: 400,
  // administration (issue 6)
  [ErrorCodes.adminUserNotFound]: 404,
  [ErrorCodes.adminNotWaiting]: 409,
  [ErrorCodes.adminSelfChange]: 409,
  [ErrorCodes.adminNoRemovalRequest]: 409,
  // catalogue administration (issue 6)
  [ErrorCodes.catalogueNodeNotFound]: 404,
  [ErrorCodes.catalogueRootFixed]: 409,
  [ErrorCodes.catalogueCycle]: 409,
  [ErrorCodes.catalogueNotEmpty]: 409,
  [ErrorCodes.catalogueUploadRefused]: 422,
  [ErrorCodes.catalogueUploadInvalid]: 400,
  [ErrorCodes.catalogueTooManyFiles]: 413,
  [ErrorCodes.catalogueFileTooLarge]: 413,
  [ErrorCodes.jobNotFound]: 404,
  [ErrorCodes.jobNotFailed]: 409,
  // usage tracking (spec 1, 7.5)
  [ErrorCodes.trackingInvalidPath]: 400,
  [ErrorCodes.trackingTooManyEvents]: 400,
  // insights (issue 6)
  [ErrorCodes.insightsInvalidDay]: 400,
  [ErrorCodes.insightsInvalidRange]: 400,
  // conversion presets (issue 21.1)
  [ErrorCodes.presetNotFound]: 404,
  [ErrorCodes.presetAlreadyRetired]: 409,
  [ErrorCodes.presetNotRetired]: 409,
  [ErrorCodes.presetOutOfRange]: 400,
  [ErrorCodes.presetBackground]: 400,
  [ErrorCodes.presetFileSuffix]: 400,
  [ErrorCodes.presetCmykFormat]: 400,
  [ErrorCodes.presetMaxBytesFormat]: 400,
  [ErrorCodes.presetUpscaleConflict]: 400,
  // named lists (issue 22.4)
  [ErrorCodes.listNotFound]: 404,
  [ErrorCodes.listTooMany]: 400,
  [ErrorCodes.listTooLarge]: 400,
  [ErrorCodes.listTooManyShares]: 400,
  [ErrorCodes.listAssetWithdrawn]: 409,
  [ErrorCodes.listShareUnknownUser]: 404,
  [ErrorCodes.listShareSelf]: 400,
  // bulk changes (issue 22.5)
  [ErrorCodes.bulkTooManyAssets]: 400,
  [ErrorCodes.bulkUnknownAssets]: 400,
  [ErrorCodes.bulkChangeNotFound]: 404,
  [ErrorCodes.bulkUndoNotLast]: 409,
  [ErrorCodes.bulkUndoExpired]: 409,
  [ErrorCodes.bulkUndoNotPossible]: 409,
  // sign-in with the company account (issue 23)
  [ErrorCodes.ssoNotConfigured]: 404,
  [ErrorCodes.ssoHandoverInvalid]: 401,
  [ErrorCodes.ssoRequired]: 403,
} as const satisfies Record<ErrorCode, number>;

/** The statuses error codes are answered with. */
export type ErrorCodeStatus = (typeof ERROR_STATUS)[ErrorCode];
