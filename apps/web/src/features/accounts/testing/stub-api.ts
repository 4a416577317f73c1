import type { PublicSettingsAnswer } from '@mediabox/contract';
import { vi } from 'vitest';

/** What a stubbed route answers: a status and a JSON body (errors as the server shapes them). */
export interface StubAnswer {
  status?: number;
  body: unknown;
}
type Handler = (body: unknown) => StubAnswer;
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export const SETTINGS: PublicSettingsAnswer = {
  productName: 'Mediabox',
  companyName: 'Kaffee AG',
  supportEmail: 'support@kaffee.example',
  internalEmailDomains: ['kaffee.example'],
  offices: [],
};

export const apiError = (status: number, code: string): StubAnswer => ({
  status,
  body: { error: { code, message: code } },
});

/**
 * Stubs fetch, the true edge of the app: routes are "METHOD /api/path". Unknown routes answer 404
 * so a test notices a call it did not expect. /api/settings answers SETTINGS unless overridden.
 */
export function stubApi(routes: Record<string, Handler | StubAnswer>) {
  const calls: RecordedCall[] = [];
  const all: Record<string, Handler | StubAnswer> = { 'GET /api/settings': { body: SETTINGS }, ...routes };
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = all[`${method} ${path}`];
    const answer = typeof route === 'function' ? route(body) : (route ?? apiError(404, 'errors.notFound'));
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
