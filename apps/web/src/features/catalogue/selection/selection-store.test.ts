import { describe, expect, it, vi } from 'vitest';
import { SelectionStore } from './selection-store';

describe('SelectionStore', () => {
  it('selects the range from the last toggled id in result order, either way round', () => {
    const store = new SelectionStore();
    store.order = [10, 11, 12, 13, 14];
    store.toggle(13);
    store.selectRange(11);
    expect(store.list().sort()).toEqual([11, 12, 13]);
    // The anchor moves with the range: the next Shift-click extends from 11.
    store.selectRange(10);
    expect(store.list().sort()).toEqual([10, 11, 12, 13]);
  });

  it('toggles when there is no anchor among the loaded results', () => {
    const store = new SelectionStore();
    store.order = [1, 2, 3];
    store.selectRange(2);
    expect(store.list()).toEqual([2]);
  });

  it('notifies subscribers of every change and forgets "select all" once changed by hand', () => {
    const store = new SelectionStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.replaceAll([1, 2, 3], { total: 12_000, truncated: true });
    expect(store.all).toEqual({ total: 12_000, truncated: true });
    store.toggle(2);
    expect(store.all).toBeNull();
    expect(store.size).toBe(2);
    store.clear();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    store.add([5]);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
