import type { AdminUsersQuery, AuditQuery } from '@mediabox/contract';

/** A page of a list: the contract's input types leave these open (coerced), the app always sends both. */
interface Page {
  offset: number;
  limit: number;
}
export type UsersRequest = Omit<AdminUsersQuery, 'offset' | 'limit'> & Page;
export type AuditRequest = Omit<AuditQuery, 'offset' | 'limit'> & Page;

/**
 * Query keys of the administration feature, in one place so that every action invalidates the same
 * entries. `adminKeys.all` covers every list (an approval also changes the user list and the log).
 */
export const adminKeys = {
  all: ['admin'] as const,
  registrations: () => [...adminKeys.all, 'registrations'] as const,
  users: (query: UsersRequest) => [...adminKeys.all, 'users', query] as const,
  removals: () => [...adminKeys.all, 'removals'] as const,
  audit: (query: AuditRequest) => [...adminKeys.all, 'audit', query] as const,
};
