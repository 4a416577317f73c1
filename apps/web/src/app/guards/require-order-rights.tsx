import { Navigate, Outlet } from 'react-router';
import { canManageOrders } from '../../shared/auth/permissions';
import { useStoredUser } from '../../shared/auth/user-store';

/** Order routes (spec 2.1 "very secure"): signed-in users without jde or isSuperUser go home. Sits inside RequireUser. */
export function RequireOrderRights() {
  const user = useStoredUser();
  return canManageOrders(user) ? <Outlet /> : <Navigate to="/" replace />;
}
