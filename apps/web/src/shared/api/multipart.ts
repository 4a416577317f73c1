import type { Endpoint, EndpointAnswer, EndpointParams, MultipartEndpointName } from '@mediabox/contract';
import { apiHeaders, endpointUrl, failedAnswer, networkError } from './client';

/** Upload progress in percent (0–100). */
export type OnProgress = (percent: number) => void;

/**
 * Sends a multipart body to an endpoint of the contract's table that takes one, with
 * XMLHttpRequest: fetch cannot report upload progress. Token, error answers and the 401/403
 * handling are the API client's, so this behaves like every other call, and the answer is typed by
 * the table like theirs. Shared by every feature that uploads files (orders, the catalogue
 * administration).
 */
export function sendMultipart<K extends MultipartEndpointName>(
  endpoint: Endpoint<K>,
  options: { params?: EndpointParams<K>; body: FormData; onProgress?: OnProgress },
): Promise<EndpointAnswer<K>> {
  const { body, onProgress } = options;
  const url = endpointUrl(endpoint, {
    params: options.params as Record<string, string | number> | undefined,
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, url);
    // No content-type: the browser writes multipart/form-data with its boundary itself.
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const answer = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as EndpointAnswer<K>);
      else reject(failedAnswer(xhr.status, xhr.statusText, answer));
    };
    xhr.onerror = () => reject(networkError());
    xhr.send(body);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
