/** Paths shared by several features, so that the URL shapes of spec 2.1 live in one place. */

/** Spec 2.1: spaces become plus signs and the query is lower case; other characters are URL-encoded. */
export function searchPath(query: string): string {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return `/search/${words.map(encodeURIComponent).join('+')}`;
}

/** Reverses `searchPath` for a route parameter (react-router has already decoded %-escapes). */
export function queryFromSearchParam(param: string): string {
  return param.replace(/\+/g, ' ');
}

/** Spec 2.2: on these paths the side menu shows the order navigation. */
export function isOrderPath(pathname: string): boolean {
  return /^\/orders?(\/|$)/.test(pathname);
}

export function loginPath(from?: string): string {
  return from ? `/login?from=${encodeURIComponent(from)}` : '/login';
}

export const assetPath = (id: number | string) => `/asset/${id}`;
