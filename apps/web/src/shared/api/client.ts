import {
  fillPath,
  type Endpoint,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointName,
  type EndpointParams,
  type EndpointQuery,
  type ErrorAnswer,
} from '@mediabox/contract';
import { getStoredUser, setStoredUser } from '../auth/user-store';
import { takeEarlyResponse } from './early-responses';

/** An answered error of the API: `code` is a translation key. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { path: string; code: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Navigate = (path: string) => void;
let navigateTo: Navigate = (path) => window.location.assign(path);

/** The router registers its navigate function so the client can send the user to /login (spec 8). */
export function setApiNavigator(navigate: Navigate): void {
  navigateTo = navigate;
}

export interface RequestOptions {
  /** Calls made while signing in or out must not trigger the logout handling. */
  skipAuthHandling?: boolean;
  signal?: AbortSignal;
}

/** An option a call must, may or cannot pass, by what its endpoint takes. */
type Part<Name extends string, T> = [T] extends [never]
  ? { [P in Name]?: never }
  : undefined extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

/** Path parameters, query and body of a call, typed by the contract's endpoint table. */
export type CallOptions<K extends EndpointName> = Part<'params', EndpointParams<K>> &
  Part<'query', EndpointQuery<K>> &
  Part<'body', EndpointBody<K>> &
  RequestOptions;

/** The options argument, optional when the call needs nothing. */
export type CallArgs<K extends EndpointName> =
  object extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** `?a=1&b=x` of the given values, leaving out empty ones (the server treats absent as "any"). */
export function queryString(values: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values ?? {}) as [string, unknown][]) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The address of a call: its path with the parameters filled in, and its query. */
export function endpointUrl(
  endpoint: Endpoint,
  options: { params?: Readonly<Record<string, string | number>>; query?: object } = {},
): string {
  return fillPath(endpoint.path, options.params) + queryString(options.query);
}

/** Headers of every call: JSON answers, and the stored user's bearer token when someone is signed in. */
export function apiHeaders(): Record<string, string> {
  const user = getStoredUser();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (user) headers.authorization = `Bearer ${user.token}`;
  return headers;
}

/**
 * The ApiError of a failed answer (`answer` is its parsed body, or null), after applying spec 8's
 * session handling. Exported for transports other than fetch: uploads need XMLHttpRequest for
 * their progress, and must end a session on 401/403 exactly like every other call.
 */
export function failedAnswer(
  status: number,
  statusText: string,
  answer: unknown,
  { skipAuthHandling = false }: Pick<RequestOptions, 'skipAuthHandling'> = {},
): ApiError {
  const body = answer as ErrorAnswer | null;
  const error = new ApiError(
    status,
    body?.error?.code ?? 'errors.internal',
    body?.error?.message ?? statusText,
    body?.error?.fields,
  );
  if (!skipAuthHandling) handleAuthFailure(status);
  return error;
}

/** The error of a call that got no answer at all. */
export const networkError = (): ApiError => new ApiError(0, 'errors.network', 'Network error');

/**
 * Calls an endpoint of the contract's table (`api(endpoints.cartAll)`): path parameters, query and
 * body are checked against the table's schemas at compile time, and the answer is typed by it.
 * The stored user's bearer token goes along. Spec 8: 401 and 418 end the session (418 removes the
 * stored user); 403 on a data call sends the user to /login.
 *
 * The answer is typed, not checked: the server writes every answer through its contract schema
 * (apps/server/src/platform/http/response-serializer.ts, checked against zod in tests and
 * development). Code in the shell relies on that, so the first download carries no zod (the table
 * it imports is schema-free; the types come from the schemas at compile time only); features may
 * still parse.
 */
export function api<K extends EndpointName>(
  endpoint: Endpoint<K>,
  ...[options]: CallArgs<K>
): Promise<EndpointAnswer<K>> {
  const { params, query, body, ...rest } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
  } & RequestOptions;
  return request(endpoint.method, endpointUrl(endpoint, { params, query }), body, rest) as Promise<
    EndpointAnswer<K>
  >;
}

async function request(
  method: string,
  url: string,
  payload: unknown,
  options: RequestOptions,
): Promise<unknown> {
  const headers = apiHeaders();
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const ask = () => fetch(url, { method, headers, body, signal: options.signal });
  let response: Response;
  try {
    // The preload script may have asked already (the first page's data); if that failed, ask again.
    const early = takeEarlyResponse(method, url, body);
    response = await (early ? early.catch(ask) : ask());
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  if (response.ok) {
    const type = response.headers.get('content-type') ?? '';
    return type.includes('application/json') ? await response.json() : await response.blob();
  }
  const answer: unknown = await response.json().catch(() => null);
  throw failedAnswer(response.status, response.statusText, answer, options);
}

function handleAuthFailure(status: number): void {
  if (status === 401 || status === 418) {
    if (getStoredUser()) setStoredUser(null);
    goToLogin();
  } else if (status === 403) {
    goToLogin();
  }
}

function goToLogin(): void {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname !== '/login') navigateTo(`/login?from=${encodeURIComponent(here)}`);
}
