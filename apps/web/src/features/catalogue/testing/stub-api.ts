import { vi } from 'vitest';

/** What a stubbed route answers: a status and a JSON body (errors shaped as the server shapes them). */
export interface StubAnswer {
  status?: number;
  body: unknown;
}
type Handler = (body: unknown, url: URL) => StubAnswer | Promise<StubAnswer>;

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

export const apiError = (status: number, code: string): StubAnswer => ({
  status,
  body: { error: { code, message: code } },
});

/**
 * Stubs fetch, the app's edge. Routes are "METHOD /api/path" without the query string (handlers get
 * the URL to read it). Unknown routes answer 404, so a test notices calls it did not expect.
 */
export function stubApi(routes: Record<string, Handler | StubAnswer>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(String(input), 'http://localhost');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, url, body });
      const route = routes[`${method} ${url.pathname}`];
      const answer =
        typeof route === 'function' ? await route(body, url) : (route ?? apiError(404, 'errors.notFound'));
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
