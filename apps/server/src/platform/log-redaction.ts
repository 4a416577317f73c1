/**
 * Request addresses as they may be logged (issue 17.7): confirmation and reset links and bundle
 * file names are keys (whoever has one can use it), and a ticket's `sig` lets anyone fetch the file
 * for the rest of its hour. Access logs are read by more people than the portal's users, and kept
 * longer, so those parts are replaced before a line is written.
 */
const REDACTED = '[redacted]';

/** Path shapes whose last segment is a key; the app's routes and the API's. */
const KEY_IN_PATH = [
  /^((?:\/api)?\/user\/(?:confirm|reset_password)\/)[^/?#]+/,
  /^(\/(?:confirm|reset_password)\/)[^/?#]+/,
  /^((?:\/api)?\/download\/)[^/?#]+/,
];

/** Query parameters that are credentials. */
const SECRET_PARAMETERS = new Set(['sig', 'token']);

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  for (const pattern of KEY_IN_PATH) path = path.replace(pattern, `$1${REDACTED}`);
  if (!query) return path;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_PARAMETERS.has(safeDecode(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${redactedQuery}`;
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
