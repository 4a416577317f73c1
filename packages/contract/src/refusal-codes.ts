// Schema-free like error-codes.ts: the app's upload and order screens read these without zod.
import { ErrorCodes } from './error-codes.js';

/**
 * Why the importer refused a manifest row or a file (translation keys of the app). `mediabox import`
 * prints them with an English message; the admin API answers them as `fields[].code`: of a 422
 * `admin.catalogue.errors.uploadRefused` for uploaded files, of a 400 for an asset's custom fields.
 */
export const ImportErrorCodes = {
  noManifest: 'import.errors.noManifest',
  badJson: 'import.errors.badJson',
  invalid: 'import.errors.invalid',
  required: 'import.errors.required',
  duplicateId: 'import.errors.duplicateId',
  duplicateAsset: 'import.errors.duplicateAsset',
  idTaken: 'import.errors.idTaken',
  unknownParent: 'import.errors.unknownParent',
  cycle: 'import.errors.cycle',
  badRoot: 'import.errors.badRoot',
  unknownContainer: 'import.errors.unknownContainer',
  badGtin: 'import.errors.badGtin',
  badImageCategory: 'import.errors.badImageCategory',
  badVersion: 'import.errors.badVersion',
  badVariant: 'import.errors.badVariant',
  unknownMediaType: 'import.errors.unknownMediaType',
  duplicateMediaType: 'import.errors.duplicateMediaType',
  wrongFileType: 'import.errors.wrongFileType',
  notGs1Name: 'import.errors.notGs1Name',
  pathOutsideDir: 'import.errors.pathOutsideDir',
  missingFile: 'import.errors.missingFile',
  notAFile: 'import.errors.notAFile',
  unknownAsset: 'import.errors.unknownAsset',
} as const;

export type ImportErrorCode = (typeof ImportErrorCodes)[keyof typeof ImportErrorCodes];

/** Why the media module refused a file by its content (translation keys of the app). */
export const MediaRejectionCodes = {
  empty: 'media.errors.empty',
  unsupported: 'media.errors.unsupported',
  /** Over the pixel limit, or too large to render within the memory budget. */
  tooLarge: 'media.errors.tooLarge',
  damaged: 'media.errors.damaged',
} as const;

export type MediaRejectionCode = (typeof MediaRejectionCodes)[keyof typeof MediaRejectionCodes];

/** The reason a refused catalogue upload names for each file: an importer's or a media code. */
export type UploadRefusalCode = ImportErrorCode | MediaRejectionCode;

/**
 * Why a file is not taken into an order (spec 5), each with the code the server refuses it with:
 * larger than ORDER_FILE_MAX_BYTES, more than ORDER_FILES_MAX at once, or not an image or accepted
 * application file. The app refuses the first two, and what a browser can tell of the third, before
 * sending; the server checks the content.
 */
export const OrderFileRefusals = {
  tooLarge: ErrorCodes.orderFileTooLarge,
  tooMany: ErrorCodes.orderTooManyFiles,
  type: ErrorCodes.orderFileRefused,
} as const;

export type OrderFileRefusal = keyof typeof OrderFileRefusals;
