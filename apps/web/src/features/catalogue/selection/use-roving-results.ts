import {
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router';
import { assetPath } from '../../../shared/routing/paths';
import { useSelectionStore } from './selection-context';

interface Options {
  /** The results in result order (all loaded ones, rendered or not). */
  ids: readonly number[];
  /** Cards per row: Up and Down move by this many (1 in the list). */
  columns: number;
  /** The first and one-past-last rendered result (the grid and list are windowed). */
  rendered: { start: number; end: number };
  containerRef: RefObject<HTMLElement | null>;
  /** Scrolls the result into view when it is not rendered, so that the window renders it. */
  reveal: (index: number) => void;
}

const ITEM_SELECTOR = '[data-result-index]';

/**
 * Roving focus over windowed results (issue 22.1): the results are one tab stop; the arrow keys move
 * across them (Up and Down by a row of the grid), Home and End to the first and last loaded one,
 * Space selects (Shift+Space the range), Enter opens the asset page. A result outside the window is
 * scrolled into view first and focused once the window has rendered it.
 */
export function useRovingResults({ ids, columns, rendered, containerRef, reveal }: Options) {
  const [focusIndex, setFocusIndex] = useState(0);
  const pending = useRef<number | null>(null);
  const store = useSelectionStore();
  const navigate = useNavigate();

  const itemAt = (index: number) =>
    containerRef.current?.querySelector<HTMLElement>(`[data-result-index="${index}"]`) ?? null;

  // After every render: the result waited for may have come into the window.
  useLayoutEffect(() => {
    if (pending.current === null) return;
    const item = itemAt(pending.current);
    if (item) {
      pending.current = null;
      item.focus();
    }
  });

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(ids.length - 1, index));
    setFocusIndex(next);
    const item = itemAt(next);
    if (item) item.focus();
    else {
      pending.current = next;
      reveal(next);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // Keys typed in a card's buttons and links are theirs.
    if (!target.matches(ITEM_SELECTOR)) return;
    const index = Number(target.dataset.resultIndex);
    const id = ids[index];
    if (id === undefined) return;
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      ArrowUp: index - columns,
      ArrowDown: index + columns,
      Home: 0,
      End: ids.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = moves[event.key]!;
      // Up from the first row and Down from the last stay put rather than jump to the ends.
      if (next >= 0 && next < ids.length) moveTo(next);
    } else if (event.key === ' ' && store) {
      event.preventDefault();
      if (event.shiftKey) store.selectRange(id);
      else store.toggle(id);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void navigate(assetPath(id));
    }
  };

  // Clicking or tabbing into a card makes it the one the arrows start from.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>(ITEM_SELECTOR);
    if (item) setFocusIndex(Number(item.dataset.resultIndex));
  };

  // The tab stop: the focused result, or the first rendered one when that is outside the window.
  const tabStop = focusIndex >= rendered.start && focusIndex < rendered.end ? focusIndex : rendered.start;
  const itemProps = (index: number) => ({
    tabIndex: index === tabStop ? 0 : -1,
    'data-result-index': index,
  });

  return { onKeyDown, onFocus, itemProps };
}
