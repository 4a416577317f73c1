import type { AdminUsersQuery, AuditQuery, JobState } from '@mediabox/contract';

/** A page of a list: the contract's input types leave these open (coerced), the app always sends both. */
interface Page {
  offset: number;
  limit: number;
}
export type UsersRequest = Omit<AdminUsersQuery, 'offset' | 'limit'> & Page;
export type AuditRequest = Omit<AuditQuery, 'offset' | 'limit'> & Page;
/** A page of background jobs; the app always names the state (the server would default to failed). */
export type JobsRequest = Page & { state: JobState };
/** A page of recipient links; `q` (recipient or sender address) is left out of the address when empty. */
export type LinksRequest = Page & { q: string };
/** A page of a category's assets in the catalogue administration. */
export type NodeAssetsRequest = Page & { nodeId: number };

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
  jobs: (query: JobsRequest) => [...adminKeys.all, 'jobs', query] as const,
  links: (query: LinksRequest) => [...adminKeys.all, 'links', query] as const,
  takedowns: () => [...adminKeys.all, 'takedowns'] as const,
  catalogue: () => [...adminKeys.all, 'catalogue'] as const,
  catalogueTree: () => [...adminKeys.catalogue(), 'tree'] as const,
  nodeAssets: (query: NodeAssetsRequest) => [...adminKeys.catalogue(), 'assets', query] as const,
  catalogueAsset: (id: number) => [...adminKeys.catalogue(), 'asset', id] as const,
  presets: () => [...adminKeys.all, 'presets'] as const,
  sso: () => [...adminKeys.all, 'sso'] as const,
};

/**
 * The public catalogue's queries (menu, category pages, asset pages, search) all start with this
 * key. The admin may not import that feature's keys (no sibling imports), but a renamed category or
 * an edited asset must not show stale there, so catalogue changes invalidate the prefix.
 */
export const PUBLIC_CATALOGUE_KEY = ['catalogue'] as const;
