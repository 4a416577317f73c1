import type { UserSummary } from '@mediabox/contract';

/** Spec 6: order screens (and the order badge) are for internal staff (jde) and super users. */
export function canManageOrders(user: Pick<UserSummary, 'jde' | 'isSuperUser'> | null): boolean {
  return Boolean(user && (user.jde || user.isSuperUser));
}

/** Issue 6: the administration screens (and their menu entry) are for super users only. */
export function canAdminister(user: Pick<UserSummary, 'isSuperUser'> | null): boolean {
  return Boolean(user?.isSuperUser);
}
