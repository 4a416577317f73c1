import { z } from 'zod';
import { BulkChangeAnswer, BulkChangeParams, StartBulkChangeRequest } from './bulk-changes.js';
import {
  OidcCallbackQuery,
  OidcExchangeRequest,
  OidcLogoutAnswer,
  SsoSettingsAnswer,
  SsoSettingsUpdate,
} from './sso.js';
import {
  ConfirmLinkParams,
  ContactRequest,
  CheckEmailAnswer,
  CheckEmailRequest,
  DeleteAccountRequest,
  ForgotPasswordAnswer,
  ForgotPasswordRequest,
  GetUserAnswer,
  LinkCheckAnswer,
  LoginAnswer,
  LoginRequest,
  ResetLinkParams,
  ResetPasswordForm,
  SaveProfileAnswer,
  SaveProfileRequest,
  SignupRequest,
} from './accounts.js';
import {
  AdminAssetParams,
  AdminJobAnswer,
  AdminJobParams,
  AdminJobsAnswer,
  AdminJobsQuery,
  AdminPageQuery,
  AdminUserAnswer,
  AdminUserParams,
  AdminUserUpdate,
  AdminUsersAnswer,
  AdminUsersQuery,
  AuditAnswer,
  AuditQuery,
  RegistrationsAnswer,
  RejectRegistrationRequest,
  RemovalRequestsAnswer,
} from './admin.js';
import {
  AdminAssetAnswer,
  AdminCatalogueAssetParams,
  AdminContainerAssetsAnswer,
  AdminNodeAnswer,
  AdminNodeParams,
  AdminTreeAnswer,
  CATALOGUE_UPLOAD_FIELD,
  CATALOGUE_UPLOAD_MAX_FILES,
  CreateNodeRequest,
  ReplaceFileFields,
  UpdateAssetRequest,
  UpdateNodeRequest,
  UploadAnswer,
} from './admin-catalogue.js';
import {
  AssetsDownloadRequest,
  BundleFilenameAnswer,
  BundleLinkAnswer,
  BundleLinkQuery,
  BundleParams,
  CartAnswer,
  CartAssetParams,
  CartChange,
  CartSendAnswer,
  CartSendRequest,
  CartSummary,
  DownloadsAnswer,
  MessagesAnswer,
} from './cart.js';
import {
  ListAnswer,
  ListItemsRequest,
  ListNameRequest,
  ListParams,
  ListShareParams,
  ListShareRequest,
  ListsAnswer,
} from './lists.js';
import { BundleFileParams, BundleProgress, ShareContentsAnswer } from './share-page.js';
import { AdminLinksAnswer, AdminLinksQuery, LinkParams, RecipientLinkAnswer } from './recipient-links.js';
import { AdminTakedownsAnswer, ConfirmRemovalAnswer, SendTakedownsAnswer } from './takedowns.js';
import {
  CreatePresetRequest,
  PresetAnswer,
  PresetParams,
  PresetsAnswer,
  UpdatePresetRequest,
} from './presets.js';
import {
  AssetAnswer,
  AssetParams,
  AssetsAnswer,
  AssetsQuery,
  ContainerParams,
  FileTicketParams,
  FileTicketQuery,
  Gs1LinkParams,
  NodeAnswer,
  NodeParams,
  RemovalRequest,
  SearchAnswer,
  SearchCountriesAnswer,
  SearchCountriesRequest,
  SearchRequest,
} from './catalogue.js';
import { SuggestAnswer, SuggestQuery } from './search-suggest.js';
import { AssetIdsAnswer, ContainerIdsQuery, SearchIdsRequest } from './selection.js';
import { ProductViewsAnswer, ProductViewsRequest } from './products.js';
import { SuccessAnswer } from './common.js';
import type { Access, EndpointName } from './endpoints.js';
import { HealthAnswer, ReadyAnswer } from './health.js';
import { InsightsAnswer, InsightsCsvParams, InsightsQuery } from './insights.js';
import {
  ArticleLookupAnswer,
  ArticleLookupQuery,
  Order,
  OrderCountAnswer,
  OrderDeactivateAnswer,
  OrderFileRemoval,
  OrderParams,
  OrderReview,
  OrderSave,
  OrderSearch,
  OrdersAnswer,
  OrderUploadParams,
  OrderUploadQuery,
  ORDER_FILES_MAX,
  ORDER_UPLOAD_FIELD,
} from './orders.js';
import { PublicSettingsAnswer } from './settings.js';
import { ConsentAnswer, ConsentRequest, TrackRequest } from './tracking.js';

/** Error statuses an endpoint answers beyond those its access rule and input imply. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 422 | 429 | 500;

/** A body sent as `multipart/form-data`: text fields (validated like the JSON body) and files. */
export interface MultipartSpec {
  /** The text fields; when absent, the endpoint's `body`. */
  readonly fields?: z.ZodType;
  /** Fields whose text is JSON (the server decodes them before validation). */
  readonly jsonFields?: readonly string[];
  /** The file parts: their field name and how many one request may carry. */
  readonly files: { readonly name: string; readonly max: number; readonly required: boolean };
}

/** An answer that is a file rather than JSON. */
export interface FileAnswerSpec {
  /** Its media types (`*\/*`: whatever the stored file is). */
  readonly types: readonly string[];
  readonly description: string;
  /** Honours `Range` and `If-Range` (206, 416), and answers `HEAD` without the body. */
  readonly ranges?: boolean;
}

export interface EndpointSpec {
  readonly access: Access;
  /** Public routes whose answer depends on a bearer token when one is sent. */
  readonly optionalAuth?: boolean;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The JSON body (`null` allowed when the schema is nullish: then the body is optional). */
  readonly body?: z.ZodType;
  readonly multipart?: MultipartSpec;
  /** The JSON answer of a success. */
  readonly answer?: z.ZodType;
  /** The success status, 200 unless said. */
  readonly status?: 200 | 201 | 204 | 302;
  readonly file?: FileAnswerSpec;
  /** Further JSON answers by status that are not errors of the error shape (e.g. readiness' 503). */
  readonly otherAnswers?: Readonly<Partial<Record<number, z.ZodType>>>;
  readonly errors?: readonly ErrorStatus[];
  /** Not part of the API description (the description's own viewer files). */
  readonly undocumented?: boolean;
}

/** Path of `/api/docs/{file}`: the viewer's files, by name. */
export const ApiDocsAssetParams = z.object({ file: z.string().max(100) });

const user = { tag: 'user' } as const;
const tracking = { tag: 'tracking' } as const;
const catalogue = { tag: 'catalogue' } as const;
const cart = { tag: 'cart', access: 'user' } as const;
const delivery = { tag: 'delivery' } as const;
const lists = { tag: 'lists', access: 'user' } as const;
const orders = { tag: 'orders', access: 'internal' } as const;
const admin = { tag: 'admin', access: 'super' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const orderMultipart: MultipartSpec = {
  jsonFields: ['change', 'packshot', 'history', 'files'],
  files: { name: ORDER_UPLOAD_FIELD, max: ORDER_FILES_MAX, required: false },
};
const orderUpload = (variant: string) =>
  ({
    ...orders,
    access: 'public',
    optionalAuth: true,
    summary: `An order file's ${variant}`,
    description:
      'A signed URL (`exp`, `sig`) works without a token; without a signature the bearer token of a jde or super user is needed.',
    params: OrderUploadParams,
    query: OrderUploadQuery,
    errors: [401, 403, 404, 410],
  }) as const;

/**
 * Schemas, access rule and description of every call in `endpoints` (endpoints.ts), by name. The
 * server registers routes from them, the OpenAPI document is generated from them, and the app's
 * client takes its types from them.
 */
export const endpointSpecs = {
  health: {
    tag: 'health',
    access: 'public',
    summary: 'Liveness: the process and its database answer',
    answer: HealthAnswer,
  },
  ready: {
    tag: 'health',
    access: 'public',
    summary: 'Readiness: database, schema and blob store',
    description: '503 with the same shape names the failing parts.',
    answer: ReadyAnswer,
    otherAnswers: { 503: ReadyAnswer },
  },
  settings: {
    tag: 'settings',
    access: 'public',
    summary: 'Operator name, offices and internal e-mail domains',
    answer: PublicSettingsAnswer,
  },
  openApiDocument: {
    tag: 'docs',
    access: 'public',
    summary: 'This API description (OpenAPI 3.1)',
    answer: z.record(z.string(), z.unknown()),
  },
  apiDocs: {
    tag: 'docs',
    access: 'public',
    summary: 'A viewer of this API description',
    file: { types: ['text/html'], description: 'The viewer page' },
  },
  apiDocsAsset: {
    tag: 'docs',
    access: 'public',
    summary: "A file of the API description's viewer",
    params: ApiDocsAssetParams,
    file: { types: ['text/javascript', 'text/css'], description: 'Script or style sheet' },
    errors: [404],
    undocumented: true,
  },

  // ---------- accounts (spec 7.1) ----------
  login: {
    ...user,
    access: 'public',
    summary: 'Sign in',
    description:
      'Answers a bearer token valid for 30 days. Failed attempts are limited per account and address.',
    body: LoginRequest,
    answer: LoginAnswer,
    errors: [401, 403, 429],
  },
  logout: { ...user, access: 'user', summary: 'Sign out (ends this session)', answer: SuccessAnswer },
  profile: { ...user, access: 'user', summary: 'The signed-in user', answer: GetUserAnswer },
  saveProfile: {
    ...user,
    access: 'user',
    summary: 'Change name, language or password',
    body: SaveProfileRequest,
    answer: SaveProfileAnswer,
    errors: [429],
  },
  deleteAccount: {
    ...user,
    access: 'user',
    summary: 'Delete the own account (needs the password)',
    body: DeleteAccountRequest,
    answer: SuccessAnswer,
    errors: [409, 429],
  },
  signup: {
    ...user,
    access: 'public',
    summary: 'Register (spec 5); a confirmation mail follows',
    body: SignupRequest,
    answer: SuccessAnswer,
    errors: [409, 429],
  },
  checkEmail: {
    ...user,
    access: 'public',
    summary: 'Whether an e-mail address is still free',
    body: CheckEmailRequest,
    answer: CheckEmailAnswer,
    errors: [429],
  },
  forgotPassword: {
    ...user,
    access: 'public',
    summary: 'Mail a password reset link',
    body: ForgotPasswordRequest,
    answer: ForgotPasswordAnswer,
    errors: [404, 409, 429],
  },
  checkConfirmLink: {
    ...user,
    access: 'public',
    summary: 'Check a confirmation link',
    params: ConfirmLinkParams,
    answer: LinkCheckAnswer,
    errors: [404, 409, 429],
  },
  confirmEmail: {
    ...user,
    access: 'public',
    summary: 'Confirm the e-mail address of a registration',
    params: ConfirmLinkParams,
    answer: SuccessAnswer,
    errors: [404, 409, 429],
  },
  checkResetLink: {
    ...user,
    access: 'public',
    summary: 'Check a password reset link',
    params: ResetLinkParams,
    answer: LinkCheckAnswer,
    errors: [404, 429],
  },
  resetPassword: {
    ...user,
    access: 'public',
    summary: 'Set a new password through a reset link',
    params: ResetLinkParams,
    body: ResetPasswordForm,
    answer: SuccessAnswer,
    errors: [404, 429],
  },
  contact: {
    ...user,
    access: 'public',
    optionalAuth: true,
    summary: 'Send the contact form',
    body: ContactRequest,
    answer: SuccessAnswer,
    errors: [429],
  },

  // ---------- tracking ----------
  consent: {
    ...tracking,
    access: 'user',
    summary: "The signed-in user's tracking consent",
    answer: ConsentAnswer,
  },
  setConsent: {
    ...tracking,
    access: 'user',
    summary: 'Record a tracking decision',
    body: ConsentRequest,
    answer: ConsentAnswer,
  },
  track: {
    ...tracking,
    access: 'public',
    optionalAuth: true,
    summary: 'Page views of a client that said yes',
    description:
      'A well-formed batch is always 204, also when it is not recorded (no consent, over the limit); a malformed one is 400 and nothing of it is kept.',
    body: TrackRequest,
    status: 204,
  },

  // ---------- catalogue and search (spec 7.2) ----------
  node: {
    ...catalogue,
    access: 'user',
    summary: 'A category with its children',
    params: NodeParams,
    answer: NodeAnswer,
    errors: [404],
  },
  assets: {
    ...catalogue,
    access: 'user',
    summary: 'A page of the assets in a category',
    params: ContainerParams,
    query: AssetsQuery,
    answer: AssetsAnswer,
    errors: [404],
  },
  asset: {
    ...catalogue,
    access: 'user',
    summary: 'One asset with its files',
    params: AssetParams,
    answer: AssetAnswer,
    errors: [404],
  },
  requestRemoval: {
    ...catalogue,
    access: 'user',
    summary: 'Ask for the removal of an asset',
    description: 'The body is optional.',
    params: AssetParams,
    body: RemovalRequest.nullish(),
    answer: SuccessAnswer,
    errors: [404, 429],
  },
  file: {
    ...catalogue,
    access: 'public',
    summary: 'A file of an asset by ticket',
    description:
      'The URL is a ticket: `exp` and `sig` sign file, variant and expiry (`u` the viewer of an original). A forged ticket is 403, an expired one 410; a preview not made yet is 404 `catalogue.errors.previewPending`.',
    params: FileTicketParams,
    query: FileTicketQuery,
    file: { types: ['*/*'], description: 'The file (originals as an attachment)', ranges: true },
    errors: [403, 404, 410, 416],
  },
  gs1Link: {
    ...catalogue,
    access: 'public',
    summary: 'GS1 short link to the main image preview',
    description: 'Redirects to a fresh ticket of the preview; never to an original.',
    params: Gs1LinkParams,
    status: 302,
    errors: [404],
  },
  search: {
    tag: 'search',
    access: 'user',
    summary: 'Search the catalogue',
    body: SearchRequest,
    answer: SearchAnswer,
  },
  searchCountries: {
    tag: 'search',
    access: 'user',
    summary: 'Hits of a query per country',
    description: 'The total of the same search in each country root, for "search in all countries".',
    body: SearchCountriesRequest,
    answer: SearchCountriesAnswer,
  },
  searchSuggest: {
    tag: 'search',
    access: 'user',
    summary: 'Suggestions while typing',
    description:
      'Up to 5 assets (prefix of the last word, close spellings, GTIN prefixes of 4–14 digits) and 3 categories of the country root, for the search box.',
    query: SuggestQuery,
    answer: SuggestAnswer,
  },
  searchIds: {
    tag: 'search',
    access: 'user',
    summary: 'Every match of a search, for "select all"',
    description: 'The ids of all matches in result order, at most SELECTION_MAX (issue 22.1).',
    body: SearchIdsRequest,
    answer: AssetIdsAnswer,
  },
  containerAssetIds: {
    ...catalogue,
    access: 'user',
    summary: 'Every asset of a category, for "select all"',
    description: 'The ids of all assets of the category in page order, at most SELECTION_MAX (issue 22.1).',
    params: ContainerParams,
    query: ContainerIdsQuery,
    answer: AssetIdsAnswer,
    errors: [404],
  },
  productViews: {
    ...catalogue,
    access: 'user',
    summary: 'The views of products (same GTIN)',
    description:
      'Every visible asset of each GTIN in the country root, front first (issue 22.7): the product cards of a search.',
    body: ProductViewsRequest,
    answer: ProductViewsAnswer,
  },

  // ---------- cart (spec 7.3) ----------
  cart: { ...cart, summary: 'The cart with its assets', answer: CartAnswer },
  cartAll: { ...cart, summary: 'The cart in short (ids and formats)', answer: CartSummary },
  cartList: {
    ...cart,
    summary: 'The cart as a spreadsheet',
    file: { types: [XLSX], description: 'An XLSX list of the cart (attachment)' },
  },
  cartDownload: {
    ...cart,
    summary: 'Make a download bundle of the cart',
    answer: BundleFilenameAnswer,
    errors: [400],
  },
  cartEntry: {
    ...cart,
    summary: 'The cart, with one asset of it',
    params: CartAssetParams,
    answer: CartAnswer,
    errors: [404],
  },
  cartAdd: {
    ...cart,
    summary: 'Add assets or formats to the cart',
    body: CartChange,
    answer: CartSummary,
    errors: [404],
  },
  cartRemove: {
    ...cart,
    summary: 'Remove assets or formats from the cart',
    body: CartChange,
    answer: CartSummary,
    errors: [404],
  },
  cartClear: { ...cart, summary: 'Empty the cart', answer: CartSummary },
  cartSend: {
    ...cart,
    summary: 'Send the cart as a download link by mail',
    body: CartSendRequest,
    answer: CartSendAnswer,
    errors: [429],
  },

  // ---------- named lists (issue 22.4) ----------
  lists: { ...lists, summary: 'My lists and the lists shared with me', answer: ListsAnswer },
  createList: {
    ...lists,
    summary: 'Create a named list',
    body: ListNameRequest,
    answer: ListAnswer,
    status: 201,
  },
  list: {
    ...lists,
    summary: 'A list with its items (withdrawn ones marked, without files)',
    description: 'Its owner and the users it is shared with may read it; to anybody else it is 404.',
    params: ListParams,
    answer: ListAnswer,
    errors: [404],
  },
  renameList: {
    ...lists,
    summary: 'Rename a list (its owner only)',
    params: ListParams,
    body: ListNameRequest,
    answer: ListAnswer,
    errors: [404],
  },
  deleteList: {
    ...lists,
    summary: 'Delete a list (its owner only)',
    params: ListParams,
    status: 204,
    errors: [404],
  },
  listAddItems: {
    ...lists,
    summary: 'Add assets to a list (its owner only)',
    description: 'Unknown assets are 404, withdrawn ones 409; nothing changes then.',
    params: ListParams,
    body: ListItemsRequest,
    answer: ListAnswer,
    errors: [404, 409],
  },
  listRemoveItems: {
    ...lists,
    summary: 'Remove assets from a list (its owner only)',
    params: ListParams,
    body: ListItemsRequest,
    answer: ListAnswer,
    errors: [404],
  },
  listToCart: {
    ...lists,
    summary: "Add a list's visible assets to my cart with their default format",
    description: 'Owner and readers alike; withdrawn items are left out and listed in `skipped`.',
    params: ListParams,
    answer: CartSummary,
    errors: [404],
  },
  shareList: {
    ...lists,
    summary: 'Share a list read-only with another approved user (its owner only)',
    description:
      'An address that is no approved, active account is 404 lists.errors.unknownUser (the sign-up form tells as much).',
    params: ListParams,
    body: ListShareRequest,
    answer: ListAnswer,
    errors: [404],
  },
  unshareList: {
    ...lists,
    summary: 'Stop sharing a list with a user (its owner only)',
    params: ListShareParams,
    answer: ListAnswer,
    errors: [404],
  },

  // ---------- downloads and messages ----------
  bundleLink: {
    ...delivery,
    access: 'user',
    summary: 'The download link of a bundle, signed for the signed-in user',
    params: BundleParams,
    answer: BundleLinkAnswer,
    errors: [404, 410],
  },
  downloads: {
    ...delivery,
    access: 'user',
    summary: "The user's valid download bundles",
    answer: DownloadsAnswer,
  },
  messages: { ...delivery, access: 'user', summary: "The user's sent carts", answer: MessagesAnswer },
  downloadBundle: {
    ...delivery,
    access: 'public',
    optionalAuth: true,
    summary: 'A download bundle as a zip',
    description:
      'The unguessable name is the key (no sign-in). A link signed for a user (`u`, `exp`, `sig`) counts the download as theirs; a tampered one is 403. Unknown names are 404, expired bundles 410.',
    params: BundleParams,
    query: BundleLinkQuery,
    file: {
      types: ['application/zip'],
      description: 'The zip (stored entries, zip64 where needed)',
      ranges: true,
    },
    errors: [403, 404, 409, 410, 416],
  },
  bundleContents: {
    ...delivery,
    access: 'public',
    summary: "A download bundle's contents, for the share page at its link",
    description:
      "The unguessable name is the key (no sign-in): per delivered file its zip name, asset, GTIN, format, pixel size, size, a signed thumbnail and its own download; the zip's exact size; the expiry. Unknown names are 404, expired bundles 410.",
    params: BundleParams,
    answer: ShareContentsAnswer,
    errors: [404, 410],
  },
  bundleFile: {
    ...delivery,
    access: 'public',
    summary: 'One file of a download bundle',
    description:
      'The unguessable bundle name is the key, as for the zip. Saved under the name it has in the zip. Unknown names or positions are 404, expired bundles 410.',
    params: BundleFileParams,
    file: { types: ['application/octet-stream'], description: 'The file, as in the zip', ranges: true },
    errors: [404, 409, 410, 416],
  },
  bundleProgress: {
    ...delivery,
    access: 'public',
    summary: "How far a bundle's converted files are made",
    description:
      'The unguessable name is the key, as for the zip (a recipient link name too). Files made or failed of all delivered files, and whether the zip can be downloaded. Polling it records nothing. Unknown names are 404, expired bundles 410, revoked links 410.',
    params: BundleParams,
    answer: BundleProgress,
    errors: [404, 410],
  },
  assetsDownload: {
    ...delivery,
    access: 'user',
    summary: 'Make a download bundle of selected assets',
    description:
      'Issue 22.1: the originals of up to CART_MAX_ASSETS assets (all formats, or only `format`), bundled as the cart download bundles them, without touching the cart. Unknown or withdrawn assets are 404 (nothing is made); none with a file of the format is 400 download.errors.noFiles.',
    body: AssetsDownloadRequest,
    answer: BundleFilenameAnswer,
    errors: [400, 404],
  },
  linkRevoke: {
    ...delivery,
    access: 'user',
    summary: "Revoke a recipient's link",
    description:
      'Only the sender (or a super user). From then on the link answers 410 download.errors.revoked, never the files. Revoking twice changes nothing.',
    params: LinkParams,
    answer: RecipientLinkAnswer,
    errors: [404],
  },
  linkExtend: {
    ...delivery,
    access: 'user',
    summary: "Extend a recipient's link by 14 days from today",
    description: 'Only the sender (or a super user); a revoked link is 409.',
    params: LinkParams,
    answer: RecipientLinkAnswer,
    errors: [404, 409],
  },
  linkResend: {
    ...delivery,
    access: 'user',
    summary: "Send a recipient's link again",
    description:
      'Only the sender (or a super user): the same link in a new mail to the same address, counted against the send limit. A revoked link is 409 messages.errors.linkRevoked, an expired one 410 download.errors.expired (extend it first).',
    params: LinkParams,
    answer: RecipientLinkAnswer,
    errors: [404, 409, 410, 429],
  },
  presets: {
    ...delivery,
    access: 'user',
    summary: 'The conversion presets a user can pick for downloads',
    description: 'Active presets only, oldest first, each with the settings of its current version.',
    answer: PresetsAnswer,
  },

  // ---------- orders (spec 7.5) ----------
  orders: { ...orders, summary: 'All active orders', answer: OrdersAnswer },
  orderCount: { ...orders, summary: 'The badge count of orders to work on', answer: OrderCountAnswer },
  articleLookup: {
    ...orders,
    summary: 'Look up an article by GTIN or article number',
    query: ArticleLookupQuery,
    answer: ArticleLookupAnswer,
    errors: [404],
  },
  orderSearch: { ...orders, summary: 'Search orders', body: OrderSearch, answer: OrdersAnswer },
  order: { ...orders, summary: 'One order', params: OrderParams, answer: Order, errors: [404] },
  saveOrder: {
    ...orders,
    summary: 'Create an order (no `_id`) or change one, adding files',
    description:
      'JSON, or multipart/form-data with the same fields (objects as JSON text) followed by the files.',
    body: OrderSave,
    multipart: orderMultipart,
    answer: Order,
    errors: [403, 404, 409, 413, 415],
  },
  saveOrderByPost: {
    ...orders,
    summary: 'The same as PUT /api/order',
    body: OrderSave,
    multipart: orderMultipart,
    answer: Order,
    errors: [403, 404, 409, 413, 415],
  },
  reviewOrder: {
    ...orders,
    summary: 'Accept or reject an order, or set its status',
    params: OrderParams,
    body: OrderReview,
    answer: Order,
    errors: [404, 409],
  },
  deactivateOrder: {
    ...orders,
    summary: 'Deactivate an order (super users)',
    params: OrderParams,
    answer: OrderDeactivateAnswer,
    errors: [404],
  },
  removeOrderFile: {
    ...orders,
    summary: 'Remove a file from an order (super users)',
    body: OrderFileRemoval,
    answer: Order,
    errors: [404],
  },
  orderUpload: {
    ...orderUpload('original'),
    file: { types: ['*/*'], description: 'The uploaded file, as an attachment', ranges: true },
  },
  orderUploadThumb: {
    ...orderUpload('thumbnail'),
    file: { types: ['image/jpeg'], description: 'The thumbnail', ranges: true },
  },
  orderUploadPreview: {
    ...orderUpload('preview'),
    file: { types: ['image/jpeg'], description: 'The preview', ranges: true },
  },

  // ---------- administration ----------
  adminRegistrations: {
    ...admin,
    summary: 'Registrations waiting for approval',
    query: AdminPageQuery,
    answer: RegistrationsAnswer,
  },
  adminApproveRegistration: {
    ...admin,
    summary: 'Approve a registration',
    params: AdminUserParams,
    answer: AdminUserAnswer,
    errors: [404, 409],
  },
  adminRejectRegistration: {
    ...admin,
    summary: 'Reject a registration (the reason is optional)',
    params: AdminUserParams,
    body: RejectRegistrationRequest.nullish(),
    answer: AdminUserAnswer,
    errors: [404, 409],
  },
  adminUsers: { ...admin, summary: 'Users by filter', query: AdminUsersQuery, answer: AdminUsersAnswer },
  adminUser: {
    ...admin,
    summary: 'One user',
    params: AdminUserParams,
    answer: AdminUserAnswer,
    errors: [404],
  },
  adminUpdateUser: {
    ...admin,
    summary: 'Change flags of a user (internal, super user, active)',
    params: AdminUserParams,
    body: AdminUserUpdate,
    answer: AdminUserAnswer,
    errors: [404, 409],
  },
  adminRemovalRequests: {
    ...admin,
    summary: 'Pending removal requests',
    query: AdminPageQuery,
    answer: RemovalRequestsAnswer,
  },
  adminConfirmRemoval: {
    ...admin,
    summary: 'Confirm a removal request (withdraws the asset)',
    params: AdminAssetParams,
    answer: ConfirmRemovalAnswer,
    errors: [404, 409],
  },
  adminLinks: {
    ...admin,
    summary: "Every recipient's link with its activity",
    query: AdminLinksQuery,
    answer: AdminLinksAnswer,
  },
  adminTakedowns: {
    ...admin,
    summary: 'The latest withdrawals and replaced files, with how many people were told',
    answer: AdminTakedownsAnswer,
  },
  adminSendTakedowns: {
    ...admin,
    summary: 'Mail every pending takedown notice now',
    description:
      'Instead of with the daily digest; still one mail per person, whatever the number of changes.',
    answer: SendTakedownsAnswer,
  },
  adminDismissRemoval: {
    ...admin,
    summary: 'Dismiss a removal request',
    params: AdminAssetParams,
    answer: SuccessAnswer,
    errors: [404, 409],
  },
  adminAudit: { ...admin, summary: 'The audit log', query: AuditQuery, answer: AuditAnswer },
  adminCatalogueTree: { ...admin, summary: 'The whole category tree', answer: AdminTreeAnswer },
  adminCreateNode: {
    ...admin,
    summary: 'Create a category',
    body: CreateNodeRequest,
    answer: AdminNodeAnswer,
    status: 201,
    errors: [404, 409],
  },
  adminUpdateNode: {
    ...admin,
    summary: 'Rename or move a category',
    params: AdminNodeParams,
    body: UpdateNodeRequest,
    answer: AdminNodeAnswer,
    errors: [404, 409],
  },
  adminDeleteNode: {
    ...admin,
    summary: 'Delete an empty category',
    params: AdminNodeParams,
    answer: SuccessAnswer,
    errors: [404, 409],
  },
  adminNodeAssets: {
    ...admin,
    summary: 'A page of the assets of a category, withdrawn ones included',
    params: AdminNodeParams,
    query: AdminPageQuery,
    answer: AdminContainerAssetsAnswer,
    errors: [404],
  },
  adminUploadAssets: {
    ...admin,
    summary: 'Upload files into a category',
    description:
      'GS1 names (`{GTIN}_{view}`) become or update that asset; other names become new assets. A request with a refused file stores none of its files (422 names them).',
    params: AdminNodeParams,
    multipart: { files: { name: CATALOGUE_UPLOAD_FIELD, max: CATALOGUE_UPLOAD_MAX_FILES, required: true } },
    answer: UploadAnswer,
    errors: [404, 413, 415, 422],
  },
  adminAsset: {
    ...admin,
    summary: 'One asset with all its files',
    params: AdminCatalogueAssetParams,
    answer: AdminAssetAnswer,
    errors: [404],
  },
  adminUpdateAsset: {
    ...admin,
    summary: "Change an asset's fields",
    params: AdminCatalogueAssetParams,
    body: UpdateAssetRequest,
    answer: AdminAssetAnswer,
    errors: [404],
  },
  adminReplaceFile: {
    ...admin,
    summary: 'Upload the next version of one file of an asset',
    description: 'The field `mediaType` first, then exactly one file.',
    params: AdminCatalogueAssetParams,
    multipart: { fields: ReplaceFileFields, files: { name: CATALOGUE_UPLOAD_FIELD, max: 1, required: true } },
    answer: AdminAssetAnswer,
    errors: [404, 413, 415, 422],
  },
  adminWithdrawAsset: {
    ...admin,
    summary: 'Withdraw an asset',
    params: AdminCatalogueAssetParams,
    answer: AdminAssetAnswer,
    errors: [404],
  },
  adminRestoreAsset: {
    ...admin,
    summary: 'Restore a withdrawn asset',
    params: AdminCatalogueAssetParams,
    answer: AdminAssetAnswer,
    errors: [404],
  },
  adminJobs: {
    ...admin,
    summary: 'Background jobs by state',
    query: AdminJobsQuery,
    answer: AdminJobsAnswer,
  },
  adminRetryJob: {
    ...admin,
    summary: 'Run a failed job again',
    params: AdminJobParams,
    answer: AdminJobAnswer,
    errors: [404, 409],
  },
  adminInsights: { ...admin, summary: 'Usage insights', query: InsightsQuery, answer: InsightsAnswer },
  adminInsightsCsv: {
    ...admin,
    summary: 'One insights series as CSV',
    params: InsightsCsvParams,
    query: InsightsQuery,
    file: { types: ['text/csv'], description: 'CSV with BOM, RFC 4180 quoting (attachment)' },
  },
  adminPresets: {
    ...admin,
    summary: 'Every conversion preset, retired ones included',
    answer: PresetsAnswer,
  },
  adminCreatePreset: {
    ...admin,
    summary: 'Create a conversion preset (version 1)',
    body: CreatePresetRequest,
    answer: PresetAnswer,
    status: 201,
  },
  adminUpdatePreset: {
    ...admin,
    summary: 'Rename a conversion preset, or change its settings (a new version)',
    description:
      'Names change in place. Settings that differ from the current version become the next version; earlier versions stay as they were, so files made from them never change.',
    params: PresetParams,
    body: UpdatePresetRequest,
    answer: PresetAnswer,
    errors: [404],
  },
  adminRetirePreset: {
    ...admin,
    summary: 'Retire a conversion preset (offered to nobody until restored)',
    params: PresetParams,
    answer: PresetAnswer,
    errors: [404, 409],
  },
  adminRestorePreset: {
    ...admin,
    summary: 'Restore a retired conversion preset',
    params: PresetParams,
    answer: PresetAnswer,
    errors: [404, 409],
  },
  adminStartBulkChange: {
    ...admin,
    summary: 'Change many assets at once (move, withdraw, restore, keywords, custom fields)',
    description:
      'Checks the selection and the change, then applies it in the background in batches of BULK_BATCH_SIZE assets, each batch one transaction with one audit row per changed asset. Poll `GET /api/admin/bulk/{id}` for progress. An unknown asset id or category changes nothing.',
    body: StartBulkChangeRequest,
    answer: BulkChangeAnswer,
    status: 201,
    errors: [400, 404],
  },
  adminBulkChange: {
    ...admin,
    summary: 'Progress of a bulk change',
    params: BulkChangeParams,
    answer: BulkChangeAnswer,
    errors: [404],
  },
  adminUndoBulkChange: {
    ...admin,
    summary: 'Undo your last bulk change (within 10 minutes of its end)',
    description:
      "Puts back the previous values of every asset the change changed, in the background like the change; each asset gets an audit row. Only the caller's own last bulk change, once it has finished, and only once.",
    params: BulkChangeParams,
    answer: BulkChangeAnswer,
    errors: [404, 409],
  },
  // ---------- sign-in with the company account (issue 23) ----------
  oidcStart: {
    ...user,
    access: 'public',
    summary: 'Begin signing in with the company account (OpenID Connect)',
    description:
      'Redirects to the provider (authorization code flow with PKCE, state and nonce) and sets a short-lived http-only cookie binding the sign-in to this browser. 404 without OIDC_* configuration.',
    status: 302,
    errors: [404],
  },
  oidcCallback: {
    ...user,
    access: 'public',
    summary: "The provider's answer",
    description:
      "Checks the answer with the client library (state, PKCE, issuer, audience, expiry, signature, nonce), then email_verified and the allowed domains. Redirects to the web app's /login/sso with a one-time code in the fragment, or to /login?ssoError=<code>. 404 without OIDC_* configuration.",
    query: OidcCallbackQuery,
    status: 302,
    errors: [404],
  },
  oidcExchange: {
    ...user,
    access: 'public',
    summary: "Take the session of a provider sign-in by the landing page's one-time code",
    description:
      'The code works once, for one minute. The session ends OIDC_SESSION_HOURS after the sign-in, unless the provider renews it with the refresh token it gave.',
    body: OidcExchangeRequest,
    answer: LoginAnswer,
    errors: [401, 403, 404],
  },
  oidcLogout: {
    ...user,
    access: 'user',
    summary: "Sign out, and where the provider offers it, the provider's logout address",
    answer: OidcLogoutAnswer,
  },
  adminSsoSettings: {
    ...admin,
    summary: 'Whether SSO is configured and required for staff',
    answer: SsoSettingsAnswer,
  },
  adminSaveSsoSettings: {
    ...admin,
    summary: 'Require SSO for staff (their passwords stop working), or not',
    body: SsoSettingsUpdate,
    answer: SsoSettingsAnswer,
    errors: [404],
  },
} as const satisfies { readonly [K in EndpointName]: EndpointSpec };
