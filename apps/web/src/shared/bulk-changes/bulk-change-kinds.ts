import type { BulkChangeKind } from '@mediabox/contract';

/** The menu's actions, in its order. */
export const MENU_KINDS: readonly BulkChangeKind[] = [
  'move',
  'withdraw',
  'restore',
  'addKeywords',
  'removeKeywords',
  'setFields',
];
