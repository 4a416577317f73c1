import { Navigate, Outlet } from 'react-router';
import { canAdminister } from '../../shared/auth/permissions';
import { useStoredUser } from '../../shared/auth/user-store';

/** Administration routes (issue 6): signed-in users who are not super users go home. Sits inside RequireUser. */
export function RequireSuperUser() {
  const user = useStoredUser();
  return canAdminister(user) ? <Outlet /> : <Navigate to="/" replace />;
}
