// Schema-free on purpose: the app's typed client imports this table in the first download, which
// must not bring zod (apps/web/vite.config.ts). Schemas, access rules and descriptions of every call
// are in endpoint-specs.ts; endpoint-table.ts joins the two.

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call a route. The server enforces it before validation or handlers run:
 * - public: anyone, signed in or not (the user is still resolved when a token is sent).
 * - user: an approved, active account (spec 6 "registered user").
 * - internal: a user with jde or isSuperUser (order screens).
 * - super: a super user.
 */
export const ACCESS_LEVELS = ['public', 'user', 'internal', 'super'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface EndpointAddress {
  readonly method: HttpMethod;
  /** The path as the server registers it, `:name` for a path parameter. */
  readonly path: string;
}

/**
 * Every call of the API: method and path, named for the call (the name is the operationId of the
 * OpenAPI document). The server registers its routes from this table, the app calls through it.
 */
const table = {
  // ---------- health, settings, the API description ----------
  health: { method: 'GET', path: '/api/health' },
  ready: { method: 'GET', path: '/api/ready' },
  settings: { method: 'GET', path: '/api/settings' },
  openApiDocument: { method: 'GET', path: '/api/openapi.json' },
  apiDocs: { method: 'GET', path: '/api/docs' },
  apiDocsAsset: { method: 'GET', path: '/api/docs/:file' },

  // ---------- accounts (spec 7.1) ----------
  login: { method: 'POST', path: '/api/user/login' },
  logout: { method: 'POST', path: '/api/user/logout' },
  profile: { method: 'GET', path: '/api/user/' },
  saveProfile: { method: 'POST', path: '/api/user/' },
  deleteAccount: { method: 'DELETE', path: '/api/user/' },
  signup: { method: 'PUT', path: '/api/user/' },
  checkEmail: { method: 'POST', path: '/api/user/check/' },
  forgotPassword: { method: 'POST', path: '/api/user/forgot_password/' },
  checkConfirmLink: { method: 'GET', path: '/api/user/confirm/:uuid' },
  confirmEmail: { method: 'POST', path: '/api/user/confirm/:uuid' },
  checkResetLink: { method: 'GET', path: '/api/user/reset_password/:uuid' },
  resetPassword: { method: 'POST', path: '/api/user/reset_password/:uuid' },
  contact: { method: 'POST', path: '/api/user/contact' },

  // ---------- tracking consent and events ----------
  consent: { method: 'GET', path: '/api/user/consent' },
  setConsent: { method: 'PUT', path: '/api/user/consent' },
  track: { method: 'POST', path: '/api/track' },

  // ---------- catalogue and search (spec 7.2) ----------
  node: { method: 'GET', path: '/api/node/:id' },
  assets: { method: 'GET', path: '/api/assets/:containerId' },
  asset: { method: 'GET', path: '/api/asset/:id' },
  requestRemoval: { method: 'DELETE', path: '/api/asset/:id' },
  file: { method: 'GET', path: '/api/file/:fileId/:variant' },
  gs1Link: { method: 'GET', path: '/gs1/:name' },
  search: { method: 'POST', path: '/api/search/' },
  searchCountries: { method: 'POST', path: '/api/search/countries' },
  searchSuggest: { method: 'GET', path: '/api/search/suggest' },
  searchIds: { method: 'POST', path: '/api/search/ids' },
  containerAssetIds: { method: 'GET', path: '/api/assets/:containerId/ids' },
  productViews: { method: 'POST', path: '/api/products/views' },

  // ---------- cart (spec 7.3) ----------
  cart: { method: 'GET', path: '/api/cart/' },
  cartAll: { method: 'GET', path: '/api/cart/all' },
  cartList: { method: 'GET', path: '/api/cart/list' },
  cartDownload: { method: 'GET', path: '/api/cart/download' },
  cartEntry: { method: 'GET', path: '/api/cart/:id' },
  cartAdd: { method: 'PUT', path: '/api/cart/' },
  cartRemove: { method: 'DELETE', path: '/api/cart/' },
  cartClear: { method: 'POST', path: '/api/cart/clear' },
  cartSend: { method: 'POST', path: '/api/cart/send' },

  // ---------- downloads and messages (spec 7.2, 7.4) ----------
  bundleLink: { method: 'GET', path: '/api/download/:filename/link' },
  downloads: { method: 'GET', path: '/api/downloads/' },
  messages: { method: 'GET', path: '/api/messages/' },
  downloadBundle: { method: 'GET', path: '/api/download/:filename' },
  bundleContents: { method: 'GET', path: '/api/download/:filename/contents' },
  bundleFile: { method: 'GET', path: '/api/download/:filename/file/:position' },
  bundleProgress: { method: 'GET', path: '/api/download/:filename/progress' },
  assetsDownload: { method: 'POST', path: '/api/download/assets' },
  linkRevoke: { method: 'POST', path: '/api/links/:name/revoke' },
  linkExtend: { method: 'POST', path: '/api/links/:name/extend' },
  linkResend: { method: 'POST', path: '/api/links/:name/resend' },
  presets: { method: 'GET', path: '/api/presets' },

  // ---------- named lists (issue 22.4) ----------
  lists: { method: 'GET', path: '/api/lists' },
  createList: { method: 'POST', path: '/api/lists' },
  list: { method: 'GET', path: '/api/lists/:id' },
  renameList: { method: 'PATCH', path: '/api/lists/:id' },
  deleteList: { method: 'DELETE', path: '/api/lists/:id' },
  listAddItems: { method: 'PUT', path: '/api/lists/:id/items' },
  listRemoveItems: { method: 'DELETE', path: '/api/lists/:id/items' },
  listToCart: { method: 'POST', path: '/api/lists/:id/cart' },
  shareList: { method: 'POST', path: '/api/lists/:id/shares' },
  unshareList: { method: 'DELETE', path: '/api/lists/:id/shares/:userId' },

  // ---------- orders (spec 7.5) ----------
  orders: { method: 'GET', path: '/api/order' },
  orderCount: { method: 'GET', path: '/api/order/count' },
  articleLookup: { method: 'GET', path: '/api/order/article' },
  orderSearch: { method: 'POST', path: '/api/order/search' },
  order: { method: 'GET', path: '/api/order/:id' },
  saveOrder: { method: 'PUT', path: '/api/order' },
  saveOrderByPost: { method: 'POST', path: '/api/order' },
  reviewOrder: { method: 'POST', path: '/api/order/:id' },
  deactivateOrder: { method: 'DELETE', path: '/api/order/:id' },
  removeOrderFile: { method: 'DELETE', path: '/api/order' },
  orderUpload: { method: 'GET', path: '/api/uploads/:filename' },
  orderUploadThumb: { method: 'GET', path: '/api/uploads/thumb/:filename' },
  orderUploadPreview: { method: 'GET', path: '/api/uploads/preview/:filename' },

  // ---------- administration (issue 6) ----------
  adminRegistrations: { method: 'GET', path: '/api/admin/registrations' },
  adminApproveRegistration: { method: 'POST', path: '/api/admin/registrations/:id/approve' },
  adminRejectRegistration: { method: 'POST', path: '/api/admin/registrations/:id/reject' },
  adminUsers: { method: 'GET', path: '/api/admin/users' },
  adminUser: { method: 'GET', path: '/api/admin/users/:id' },
  adminUpdateUser: { method: 'PATCH', path: '/api/admin/users/:id' },
  adminRemovalRequests: { method: 'GET', path: '/api/admin/removal-requests' },
  adminConfirmRemoval: { method: 'POST', path: '/api/admin/removal-requests/:assetId/confirm' },
  adminDismissRemoval: { method: 'POST', path: '/api/admin/removal-requests/:assetId/dismiss' },
  adminLinks: { method: 'GET', path: '/api/admin/links' },
  adminTakedowns: { method: 'GET', path: '/api/admin/takedowns' },
  adminSendTakedowns: { method: 'POST', path: '/api/admin/takedowns/send' },
  adminAudit: { method: 'GET', path: '/api/admin/audit' },
  adminCatalogueTree: { method: 'GET', path: '/api/admin/catalogue/tree' },
  adminCreateNode: { method: 'POST', path: '/api/admin/catalogue/nodes' },
  adminUpdateNode: { method: 'PATCH', path: '/api/admin/catalogue/nodes/:id' },
  adminDeleteNode: { method: 'DELETE', path: '/api/admin/catalogue/nodes/:id' },
  adminNodeAssets: { method: 'GET', path: '/api/admin/catalogue/nodes/:id/assets' },
  adminUploadAssets: { method: 'POST', path: '/api/admin/catalogue/nodes/:id/assets' },
  adminAsset: { method: 'GET', path: '/api/admin/catalogue/assets/:id' },
  adminUpdateAsset: { method: 'PATCH', path: '/api/admin/catalogue/assets/:id' },
  adminReplaceFile: { method: 'POST', path: '/api/admin/catalogue/assets/:id/files' },
  adminWithdrawAsset: { method: 'POST', path: '/api/admin/catalogue/assets/:id/withdraw' },
  adminRestoreAsset: { method: 'POST', path: '/api/admin/catalogue/assets/:id/restore' },
  adminJobs: { method: 'GET', path: '/api/admin/jobs' },
  adminRetryJob: { method: 'POST', path: '/api/admin/jobs/:id/retry' },
  adminInsights: { method: 'GET', path: '/api/admin/insights' },
  adminInsightsCsv: { method: 'GET', path: '/api/admin/insights/:series.csv' },
  adminPresets: { method: 'GET', path: '/api/admin/presets' },
  adminCreatePreset: { method: 'POST', path: '/api/admin/presets' },
  adminUpdatePreset: { method: 'PATCH', path: '/api/admin/presets/:id' },
  adminRetirePreset: { method: 'POST', path: '/api/admin/presets/:id/retire' },
  adminRestorePreset: { method: 'POST', path: '/api/admin/presets/:id/restore' },
  adminStartBulkChange: { method: 'POST', path: '/api/admin/bulk' },
  adminBulkChange: { method: 'GET', path: '/api/admin/bulk/:id' },
  adminUndoBulkChange: { method: 'POST', path: '/api/admin/bulk/:id/undo' },
  // sign-in with the company account (issue 23)
  oidcStart: { method: 'GET', path: '/api/auth/oidc/start' },
  oidcCallback: { method: 'GET', path: '/api/auth/oidc/callback' },
  oidcExchange: { method: 'POST', path: '/api/auth/oidc/exchange' },
  oidcLogout: { method: 'POST', path: '/api/auth/oidc/logout' },
  adminSsoSettings: { method: 'GET', path: '/api/admin/sso' },
  adminSaveSsoSettings: { method: 'PUT', path: '/api/admin/sso' },
} as const satisfies Record<string, EndpointAddress>;

export type EndpointName = keyof typeof table;

/** Carries an endpoint's name in its type only, so a call through the table knows its schemas. */
declare const endpointName: unique symbol;
export type Endpoint<K extends EndpointName = EndpointName> = (typeof table)[K] & {
  readonly [endpointName]?: K;
};

export const endpoints: { readonly [K in EndpointName]: Endpoint<K> } = table;

/** The names of a path's parameters: `'/api/node/:id'` -> `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | PathParamNames<`/${Tail}`>
    : Rest extends `${infer Name}.${string}`
      ? Name
      : Rest
  : never;

/** Path parameter names in the order the path names them. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
}

/** The path with its parameters filled in (each encoded as one path segment). */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
