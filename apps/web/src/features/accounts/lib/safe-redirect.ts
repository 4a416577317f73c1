/** Stands in for our own origin: a path that resolves to any other origin is not ours. */
const OWN = 'https://portal.invalid';

/**
 * Where to go after login. Only a local path is followed. Browsers drop tabs and line breaks from
 * addresses and read a backslash as a slash, so "//evil.example", "/\evil.example" and
 * "/<tab>/evil.example" all name another host: the path is resolved the way a browser would, and
 * anything that leaves our origin, or carries a control character at all, falls back to home.
 */
export function safeRedirectPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(from)) return '/';
  if (from.startsWith('//') || from.startsWith('/\\')) return '/';
  let resolved: URL;
  try {
    resolved = new URL(from, OWN);
  } catch {
    return '/';
  }
  if (resolved.origin !== OWN) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
