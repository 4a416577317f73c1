import type { AuthUser } from '../../platform/http/auth.js';

/** Spec 6: "Download tracking labels a download Internal or External by jde"; no sign-in is guest. */
export type Audience = 'internal' | 'external' | 'guest';

export function audienceOf(user: Pick<AuthUser, 'jde' | 'isSuperUser'> | null): Audience {
  if (user === null) return 'guest';
  return user.jde || user.isSuperUser ? 'internal' : 'external';
}
