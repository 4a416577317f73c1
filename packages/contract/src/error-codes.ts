// Schema-free on purpose: app code that only needs a code does not load zod (see apps/web/vite.config.ts).

/**
 * Every error the API answers is `{ error: { code, message, fields? } }`.
 * `code` is a translation key of the app; `message` is English for logs and API users. The HTTP
 * status of each code is in `ERROR_STATUS` (error-status.ts).
 */
export const ErrorCodes = {
  validation: 'errors.validation',
  badRequest: 'errors.badRequest',
  unauthorized: 'errors.unauthorized',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  conflict: 'errors.conflict',
  payloadTooLarge: 'errors.payloadTooLarge',
  requestTimeout: 'errors.requestTimeout',
  /** The router refuses a path parameter over its length limit (a mangled link). */
  uriTooLong: 'errors.uriTooLong',
  /** Sign-up, reset and profile: the password is among the 10,000 most common ones (issue 17.3). */
  passwordTooCommon: 'errors.passwordTooCommon',
  unsupportedMediaType: 'errors.unsupportedMediaType',
  rateLimited: 'errors.rateLimited',
  internal: 'errors.internal',
  // login (spec 8)
  wrongCredentials: 'login.errors.wrongCredentials',
  notActivated: 'login.errors.notActivated',
  notVerified: 'login.errors.notVerified',
  accountDeactivated: 'login.errors.deactivated',
  // signup (spec 5, 8)
  mailExists: 'signup.step1.errors.mailExists',
  wrongMail: 'signup.step1.errors.wrongMail',
  passMinChar: 'signup.step1.errors.passMinChar',
  passNotMatching: 'signup.step1.errors.passNotMatching',
  step2Required: 'signup.step2.errors.required',
  step3Required: 'signup.step3.errors.required',
  accept: 'signup.step3.errors.accept',
  // links
  confirmLinkInvalid: 'signup.confirm.linkInvalid',
  /** A confirm link used again after the address was confirmed: nothing is wrong, the user can log in. */
  confirmAlreadyDone: 'signup.confirm.alreadyConfirmed',
  resetLinkInvalid: 'passwordreset.errors.linkInvalid',
  resetPassMinChar: 'passwordreset.errors.passMinChar',
  resetPassNotMatching: 'passwordreset.errors.passNotMatching',
  // forgotten password (spec 8)
  resetAlreadyRequested: 'forgotPassword.errors.alreadyRequested',
  emailNotFound: 'forgotPassword.errors.notFound',
  // profile (spec 8)
  profileTooShort: 'AppBar.profile.errors.tooShort',
  profileDoNotMatch: 'AppBar.profile.errors.doNotMatch',
  profileCurrentPasswordRequired: 'AppBar.profile.errors.currentPasswordRequired',
  profileCurrentPasswordWrong: 'AppBar.profile.errors.currentPasswordWrong',
  passwordError: 'AppBar.profile.errors.passwordError',
  // catalogue (spec 2.5, 7.2, 8)
  assetNotFound: 'asset.errors.notFound',
  ticketExpired: 'catalogue.errors.ticketExpired',
  ticketInvalid: 'catalogue.errors.ticketInvalid',
  previewPending: 'catalogue.errors.previewPending',
  // cart and bundles (spec 2.6, 2.8, 7.3)
  cartFormatMissing: 'cart.errors.formatMissing',
  cartEmpty: 'cart.errors.empty',
  cartNoFiles: 'cart.errors.noFiles',
  cartTooLarge: 'cart.errors.tooLarge',
  bundleExpired: 'download.errors.expired',
  bundleNotFound: 'download.errors.invalidLink',
  /** A recipient's link the sender revoked (issue 20.2): the page says so, never the files. */
  bundleRevoked: 'download.errors.revoked',
  /** More addresses in one send than SEND_MAX_RECIPIENTS. */
  tooManyRecipients: 'cart.errors.tooManyRecipients',
  /** Resending or extending a revoked link. */
  linkRevoked: 'messages.errors.linkRevoked',
  linkNotFound: 'messages.errors.linkNotFound',
  // generic form errors
  required: 'errors.required',
  tooLong: 'errors.tooLong',
  invalidEmail: 'errors.invalidEmail',
  /** Sign-up and profile: a phone number must look like one (issue 19.12). */
  invalidPhone: 'errors.invalidPhone',
  // orders (spec 2.10, 4, 5, 6, 7.5)
  orderNotFound: 'order.errors.notFound',
  orderInvalidStatus: 'order.errors.invalidStatus',
  orderCommentRequired: 'order.errors.commentRequired',
  orderNotReviewable: 'order.errors.notReviewable',
  orderInvalidDate: 'order.errors.invalidDate',
  orderInvalidRecipient: 'order.errors.invalidRecipient',
  /** Not 8, 12, 13 or 14 digits. */
  orderGtinFormat: 'order.errors.gtinFormat',
  /** The last digit is not the GS1 check digit of the others; the app names the expected one. */
  orderGtinCheckDigit: 'order.errors.gtinCheckDigit',
  orderFileNotFound: 'order.errors.fileNotFound',
  articleNotFound: 'order.errors.articleNotFound',
  orderFileRefused: 'order.errors.fileRefused',
  orderFileTooLarge: 'order.errors.fileTooLarge',
  orderTooManyFiles: 'order.errors.tooManyFiles',
  orderUploadInvalid: 'order.errors.uploadInvalid',
  // administration (issue 6)
  adminUserNotFound: 'admin.errors.userNotFound',
  adminNotWaiting: 'admin.errors.notWaitingForApproval',
  adminSelfChange: 'admin.errors.selfChange',
  adminNoRemovalRequest: 'admin.errors.noRemovalRequest',
  // catalogue administration (issue 6)
  catalogueNodeNotFound: 'admin.catalogue.errors.nodeNotFound',
  catalogueRootFixed: 'admin.catalogue.errors.rootFixed',
  catalogueCycle: 'admin.catalogue.errors.cycle',
  catalogueNotEmpty: 'admin.catalogue.errors.notEmpty',
  catalogueUploadRefused: 'admin.catalogue.errors.uploadRefused',
  catalogueUploadInvalid: 'admin.catalogue.errors.uploadInvalid',
  catalogueTooManyFiles: 'admin.catalogue.errors.tooManyFiles',
  catalogueFileTooLarge: 'admin.catalogue.errors.fileTooLarge',
  jobNotFound: 'admin.jobs.errors.notFound',
  jobNotFailed: 'admin.jobs.errors.notFailed',
  // usage tracking (spec 1, 7.5)
  trackingInvalidPath: 'tracking.errors.invalidPath',
  trackingTooManyEvents: 'tracking.errors.tooManyEvents',
  // insights (issue 6)
  insightsInvalidDay: 'insights.errors.invalidDay',
  insightsInvalidRange: 'insights.errors.invalidRange',
  // conversion presets (issue 21.1)
  presetNotFound: 'admin.presets.errors.notFound',
  presetAlreadyRetired: 'admin.presets.errors.alreadyRetired',
  presetNotRetired: 'admin.presets.errors.notRetired',
  /** A number of the settings outside its bounds (pixels, dpi, quality, bytes). */
  presetOutOfRange: 'admin.presets.errors.outOfRange',
  /** The padding colour is not `#rrggbb`. */
  presetBackground: 'admin.presets.errors.background',
  /** The file-name suffix holds characters other than letters, digits, `_` and `-`, or is too long. */
  presetFileSuffix: 'admin.presets.errors.fileSuffix',
  /** CMYK needs a format that carries it (JPEG or TIFF). */
  presetCmykFormat: 'admin.presets.errors.cmykFormat',
  /** "Largest quality under N bytes" is for JPEG only. */
  presetMaxBytesFormat: 'admin.presets.errors.maxBytesFormat',
  /** Allowing and refusing upscaling at once. */
  presetUpscaleConflict: 'admin.presets.errors.upscaleConflict',
  /** Choosing a preset in the cart that does not exist or is retired. */
  cartPresetNotFound: 'cart.errors.presetNotFound',
  /** The zip or a converted file asked for while its conversions are still being made (issue 21.4). */
  bundlePreparing: 'download.errors.preparing',
  /** A direct zip of selected assets (issue 22.1) whose assets have no file of the format asked for. */
  downloadNoFiles: 'download.errors.noFiles',
  // named lists (issue 22.4)
  /** A list that does not exist or that the caller may not see (or, for a change, not change). */
  listNotFound: 'lists.errors.notFound',
  /** More than LISTS_MAX_PER_USER lists. */
  listTooMany: 'lists.errors.tooMany',
  /** More than LIST_MAX_ITEMS assets in a list. */
  listTooLarge: 'lists.errors.tooLarge',
  /** More than LIST_MAX_SHARES users a list is shared with. */
  listTooManyShares: 'lists.errors.tooManyShares',
  /** Adding an asset that has been withdrawn. */
  listAssetWithdrawn: 'lists.errors.assetWithdrawn',
  /** Sharing with an address that is no approved, active user of the portal. */
  listShareUnknownUser: 'lists.errors.unknownUser',
  /** Sharing a list with its owner. */
  listShareSelf: 'lists.errors.shareSelf',
  // bulk changes (issue 22.5)
  /** More than SELECTION_MAX assets in one bulk change. */
  bulkTooManyAssets: 'bulkChanges.errors.tooManyAssets',
  /** Ids in the selection that are no asset: nothing is changed. */
  bulkUnknownAssets: 'bulkChanges.errors.unknownAssets',
  /** No bulk change of that id. */
  bulkChangeNotFound: 'bulkChanges.errors.notFound',
  /** Undoing a bulk change that is not the caller's last one. */
  bulkUndoNotLast: 'bulkChanges.errors.undoNotLast',
  /** Undoing more than BULK_UNDO_WINDOW_MS after the change finished. */
  bulkUndoExpired: 'bulkChanges.errors.undoExpired',
  /** Undoing a change that is still running, or undoing one twice. */
  bulkUndoNotPossible: 'bulkChanges.errors.undoNotPossible',
  // sign-in with the company account (issue 23)
  /** The OIDC_* variables are not set: the portal has no SSO. */
  ssoNotConfigured: 'sso.errors.notConfigured',
  /** The landing page's one-time code is unknown, used or over a minute old. */
  ssoHandoverInvalid: 'sso.errors.handoverInvalid',
  /** A staff password while a super user requires SSO for staff. */
  ssoRequired: 'sso.errors.required',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
