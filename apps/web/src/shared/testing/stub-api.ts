import { vi } from 'vitest';

/** What a stubbed route answers: a status and a JSON body, or raw bytes with their content type. */
export interface StubAnswer {
  status?: number;
  body?: unknown;
  raw?: { bytes: BodyInit; type: string };
}
type Handler = (body: unknown, url: URL) => StubAnswer | Promise<StubAnswer>;

export interface RecordedCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

/** An error answer shaped as the server shapes them. */
export const apiError = (
  status: number,
  code: string,
  fields?: { path: string; code: string }[],
): StubAnswer => ({
  status,
  body: { error: { code, message: code, ...(fields ? { fields } : {}) } },
});

/**
 * Stubs fetch, the app's edge, for every feature's tests. Routes are "METHOD /api/path" without the
 * query string (handlers get the URL to read it). Unknown routes answer 404, so a test notices calls
 * it did not expect. HEAD answers carry no body, as on the wire.
 */
export function stubApi(routes: Record<string, Handler | StubAnswer>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = new URL(String(input), 'http://localhost');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({
        method,
        path: url.pathname,
        url,
        body,
        headers: { ...(init?.headers as Record<string, string>) },
      });
      const route = routes[`${method} ${url.pathname}`];
      const answer =
        typeof route === 'function' ? await route(body, url) : (route ?? apiError(404, 'errors.notFound'));
      const status = answer.status ?? 200;
      if (method === 'HEAD') return new Response(null, { status });
      if (answer.raw) {
        return new Response(answer.raw.bytes, { status, headers: { 'content-type': answer.raw.type } });
      }
      return new Response(JSON.stringify(answer.body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A promise the test resolves itself, to hold a call "in flight" while asserting the loading state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
