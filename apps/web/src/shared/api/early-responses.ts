/**
 * Answers to the first page's data requests that the preload script in front of the shell sent
 * (apps/web/build/preload-script.ts): the same requests the route loaders make, ~300 ms earlier.
 * The API client (`api`) takes each once, when method, address and body are exactly what the script sent;
 * any other call, and every later one, goes to the network as always.
 */
interface EarlyRequests {
  /** When the script ran (Date.now()). */
  at: number;
  /** `{method} {address} {body}` → the fetch the script started. */
  responses: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __mediaboxEarly?: EarlyRequests;
  }
}

/** Answers older than this are not taken: they belong to the start, not to a later visit of the page. */
const EARLY_ANSWER_MAX_AGE_MS = 15_000;

/** The early answer to this request, once; undefined when the script did not send it (or long ago). */
export function takeEarlyResponse(method: string, address: string, body: string | undefined) {
  const early = window.__mediaboxEarly;
  if (!early) return undefined;
  const key = `${method} ${address} ${body ?? ''}`;
  const response = early.responses[key];
  delete early.responses[key];
  return response && Date.now() - early.at <= EARLY_ANSWER_MAX_AGE_MS ? response : undefined;
}
