import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Search results as product cards (the default, issue 22.7) or one card per file. */
export type ResultView = 'products' | 'files';

/** The choice lives in the address (`?view=files`), so a shared or reloaded search keeps it. */
export function useResultView(): [ResultView, (next: ResultView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: ResultView = searchParams.get('view') === 'files' ? 'files' : 'products';
  const setView = useCallback(
    (next: ResultView) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next === 'files') params.set('view', 'files');
          else params.delete('view');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [view, setView];
}
