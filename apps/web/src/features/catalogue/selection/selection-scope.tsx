import Box from '@mui/material/Box';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useStoredUser } from '../../../shared/auth/user-store';
import { SelectionContext, useSelectedCount } from './selection-context';
import { SelectionStore, type SelectionSource } from './selection-store';

// Its own chunk: the first download of a result page stays within its budget, and most visits
// never select anything.
const SelectionBar = lazy(() => import('../components/selection-bar'));

/** Typing in these keeps Ctrl/Cmd-A and Escape for the text. */
const TEXT_FIELDS =
  'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable="true"]';

interface SelectionScopeProps {
  /** Identifies the result (query and filters, or the category): a new one starts empty. */
  scopeKey: string;
  /** Where "select all N" asks for the ids of every match. */
  source: SelectionSource;
  /** The loaded results in result order. */
  loadedIds: readonly number[];
  /** Every match, loaded or not. */
  total: number;
  children: ReactNode;
}

/**
 * One result view's selection (issue 22.1) for signed-in users: the cards inside find it by context,
 * Ctrl/Cmd-A inside the results selects the loaded ones, Escape clears, and the selection bar shows
 * once anything is selected. It lives as long as the view: scrolling and loading more pages keep it,
 * another query, filter or category clears it.
 */
export function SelectionScope({ scopeKey, source, loadedIds, total, children }: SelectionScopeProps) {
  const user = useStoredUser();
  const [store] = useState(() => new SelectionStore());
  const count = useSelectedCount(store);

  useLayoutEffect(() => {
    store.order = loadedIds;
  }, [store, loadedIds]);
  // Runs its cleanup when the result changes (and when the view goes).
  useEffect(() => () => store.clear(), [store, scopeKey]);

  if (!user) return <>{children}</>;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest(TEXT_FIELDS)) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      store.add(store.order);
    } else if (event.key === 'Escape' && store.size > 0) {
      store.clear();
    }
  };

  return (
    <SelectionContext.Provider value={store}>
      <Box onKeyDown={onKeyDown}>
        {children}
        {count > 0 && (
          <Suspense fallback={null}>
            <SelectionBar store={store} source={source} total={total} isSuperUser={user.isSuperUser} />
          </Suspense>
        )}
      </Box>
    </SelectionContext.Provider>
  );
}
