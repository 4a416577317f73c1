import { Navigate, Outlet, useLocation } from 'react-router';
import { isEndingSession } from '../../shared/auth/end-session';
import { useStoredUser } from '../../shared/auth/user-store';
import { loginPath } from '../../shared/routing/paths';

/**
 * Signed-in routes need a stored user (spec 2.1); guests go to /login?from=<where they wanted to go>
 * so the login page can send them back.
 */
export function RequireUser() {
  const user = useStoredUser();
  const location = useLocation();
  if (user) return <Outlet />;
  // A deliberate logout is already on its way to /login, without a `from`.
  if (isEndingSession()) return null;
  return <Navigate to={loginPath(location.pathname + location.search)} replace />;
}
