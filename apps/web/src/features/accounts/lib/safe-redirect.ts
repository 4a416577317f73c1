/**
 * Where to go after login. Only a local path is followed: "//evil.example" and "/\evil.example"
 * would be read by browsers as another host, so they fall back to the home page.
 */
export function safeRedirectPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/')) return '/';
  if (from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}
