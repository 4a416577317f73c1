import type { Order, OrderStatus } from '@mediabox/contract';

/**
 * The tabs of the orders list (spec 2.10), in URL order: `/orders/{step}` is the index. "Alle"
 * holds every order the user may see (issue 19: it left out the completed ones, which super users
 * then could not find among "all"); the completed tab is for super users only.
 */
export const ORDER_TABS = [
  { id: 'new', matches: (status: OrderStatus) => status === 'new' },
  { id: 'pending', matches: (status: OrderStatus) => status === 'pending' },
  { id: 'rejected', matches: (status: OrderStatus) => status === 'rejected' },
  { id: 'accepted', matches: (status: OrderStatus) => status === 'accepted' },
  { id: 'all', matches: () => true },
  { id: 'completed', matches: (status: OrderStatus) => status === 'completed' },
] as const;

export type OrderTab = (typeof ORDER_TABS)[number];

/** A status tab is named like the status everywhere else (one name per state, issue 19). */
export const tabLabelKey = (tab: OrderTab): string =>
  tab.id === 'all' ? 'orders.tabs.all' : `orders.status.${tab.id}`;
export const ALL_TAB = 4;
export const COMPLETED_TAB = 5;

/** The tabs a user sees: everything but the completed tab unless a super user. */
export function visibleTabs(superUser: boolean): readonly OrderTab[] {
  return superUser ? ORDER_TABS : ORDER_TABS.slice(0, COMPLETED_TAB);
}

/** `/orders/{step}`: anything that is not a visible tab (a typo, /orders/5 for a non-super user) is tab 0. */
export function tabOfStep(step: string | undefined, superUser: boolean): number {
  const index = /^\d$/.test(step ?? '') ? Number(step) : 0;
  return index < visibleTabs(superUser).length ? index : 0;
}

export function tabCounts(orders: readonly Order[]): number[] {
  return ORDER_TABS.map((tab) => orders.filter((order) => tab.matches(order.status)).length);
}

export const SORT_COLUMNS = [
  'name',
  'articleId',
  'gtin',
  'createdAt',
  'username',
  'country',
  'status',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface Sort {
  column: SortColumn;
  direction: 'asc' | 'desc';
}
export const DEFAULT_SORT: Sort = { column: 'name', direction: 'asc' };

/** Statuses sort in their workflow order, not alphabetically in whatever language is shown. */
const STATUS_ORDER: Record<OrderStatus, number> = {
  new: 0,
  pending: 1,
  rejected: 2,
  accepted: 3,
  completed: 4,
};

/**
 * A sorted copy. Texts compare as people read them (case and accents aside, "Kaffee 2" before
 * "Kaffee 10"); ties keep the server's order (by name), so paging through equal values is stable.
 */
export function sortOrders(orders: readonly Order[], sort: Sort, lang: string): Order[] {
  const collator = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
  const compare = (a: Order, b: Order): number => {
    switch (sort.column) {
      case 'createdAt':
        return Date.parse(a.createdAt) - Date.parse(b.createdAt);
      case 'status':
        return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
      default:
        return collator.compare(a[sort.column], b[sort.column]);
    }
  };
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...orders].sort((a, b) => sign * compare(a, b));
}
