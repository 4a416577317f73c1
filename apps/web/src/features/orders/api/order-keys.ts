/**
 * Query keys of the orders feature, in one place so that every mutation invalidates the same
 * entries. `orderKeys.all` covers lists, single orders and the badge count.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  one: (id: number) => [...orderKeys.all, 'one', id] as const,
  count: () => [...orderKeys.all, 'count'] as const,
  article: (by: 'gtin' | 'articleId', value: string) => [...orderKeys.all, 'article', by, value] as const,
};
