import type { SearchIdsRequest } from '@mediabox/contract';

/** Where a result view's "select all N" asks for every match (issue 22.1). */
export type SelectionSource =
  { kind: 'search'; request: SearchIdsRequest } | { kind: 'container'; containerId: number };

/** How "select all N" filled the selection: N matches, and whether only the first SELECTION_MAX came. */
export interface AllSelected {
  total: number;
  truncated: boolean;
}

/**
 * The selected assets of one result view (issue 22.1), kept outside React: 10,000 ids in component
 * state would re-render every card on every click. Cards subscribe to their own id's membership
 * (useSyncExternalStore with a boolean snapshot), so a change re-renders only the cards it changes
 * and the bar. `order` is the loaded results in result order, for shift-click ranges and Ctrl/Cmd-A;
 * the view updates it as pages load without notifying anyone.
 */
export class SelectionStore {
  private ids = new Set<number>();
  private listeners = new Set<() => void>();
  /** The last card clicked without Shift: one end of the next Shift-click range. */
  private anchor: number | null = null;
  order: readonly number[] = [];
  all: AllSelected | null = null;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  has = (id: number): boolean => this.ids.has(id);

  get size(): number {
    return this.ids.size;
  }

  /** The selected ids in the order they were selected (result order for "select all"). */
  list(): number[] {
    return [...this.ids];
  }

  /** A change by hand: the selection is no longer exactly "all N". */
  toggle(id: number): void {
    if (!this.ids.delete(id)) this.ids.add(id);
    this.anchor = id;
    this.all = null;
    this.changed();
  }

  /**
   * Shift-click: selects every loaded result between the anchor and `id` (both included), in result
   * order. Without an anchor among the loaded results it is a plain toggle.
   */
  selectRange(id: number): void {
    const from = this.anchor === null ? -1 : this.order.indexOf(this.anchor);
    const to = this.order.indexOf(id);
    if (from < 0 || to < 0) return this.toggle(id);
    const [start, end] = from <= to ? [from, to] : [to, from];
    const before = this.ids.size;
    for (let index = start; index <= end; index++) this.ids.add(this.order[index]!);
    this.anchor = id;
    if (this.ids.size !== before) this.all = null;
    this.changed();
  }

  /** Adds these ids (Ctrl/Cmd-A: the loaded results). */
  add(ids: readonly number[]): void {
    const before = this.ids.size;
    for (const id of ids) this.ids.add(id);
    // Still exactly "all N" unless something was added.
    if (this.ids.size !== before) this.all = null;
    this.changed();
  }

  /** Removes these ids (a product card's views, issue 22.7). */
  remove(ids: readonly number[]): void {
    const before = this.ids.size;
    for (const id of ids) this.ids.delete(id);
    if (this.ids.size === before) return;
    this.all = null;
    this.changed();
  }

  /** "Select all N": the server's ids of every match replace the selection. */
  replaceAll(ids: readonly number[], all: AllSelected): void {
    this.ids = new Set(ids);
    this.all = all;
    this.changed();
  }

  clear(): void {
    if (this.ids.size === 0 && this.anchor === null) return;
    this.ids = new Set();
    this.anchor = null;
    this.all = null;
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
