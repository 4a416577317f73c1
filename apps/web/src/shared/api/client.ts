import type { ErrorAnswer } from '@mediabox/contract';
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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Calls made while signing in or out must not trigger the logout handling. */
  skipAuthHandling?: boolean;
  signal?: AbortSignal;
}

/** The address of an API path (`/order` -> `/api/order`); the API shares the app's origin. */
export function apiUrl(path: string): string {
  return `/api${path}`;
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
 * Calls the API with the stored user's bearer token. Spec 8: 401 and 418 end the session
 * (418 removes the stored user); 403 on a data call sends the user to /login.
 *
 * The answer is typed as `T`, not checked: the server writes every answer through its contract
 * schema (apps/server/src/platform/http/response-serializer.ts, checked against zod in tests and
 * development). Code in the shell relies on that, so the first download carries no zod; features
 * may still parse.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = apiHeaders();
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const method = options.method ?? 'GET';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const ask = () => fetch(apiUrl(path), { method, headers, body, signal: options.signal });
  let response: Response;
  try {
    // The preload script may have asked already (the first page's data); if that failed, ask again.
    const early = takeEarlyResponse(method, apiUrl(path), body);
    response = await (early ? early.catch(ask) : ask());
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw networkError();
  }
  if (response.ok) {
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('application/json') ? await response.json() : await response.blob()) as T;
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
