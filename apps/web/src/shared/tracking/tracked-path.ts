/**
 * Routes whose parameter must not be stored with a page view: the search term goes into the search
 * event instead, and download file names and confirmation or reset uuids are keys to something.
 */
const WITHOUT_PARAMETER = new Set(['search', 'download', 'confirm', 'reset_password']);

/**
 * The route path of a page view: no query string or fragment, and no secret or duplicated parameter.
 * (The queue cuts it to the length the server stores when it sends it: event-check.ts.)
 */
export function trackedPath(path: string): string {
  const route = path.replace(/[?#][\s\S]*$/, '');
  const absolute = route.startsWith('/') ? route : `/${route}`;
  const first = /^\/([^/]+)/.exec(absolute)?.[1];
  if (first !== undefined && WITHOUT_PARAMETER.has(first)) return `/${first}`;
  return absolute;
}
