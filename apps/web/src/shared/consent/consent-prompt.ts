import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * Whether a page is asking for the decision itself (the login page's consent dialog, spec 2.9).
 * The consent bar stays away meanwhile, so the visitor is never asked twice at once.
 */
let prompts = 0;
const listeners = new Set<() => void>();

function change(by: number): void {
  prompts += by;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Declares that the calling component is showing its own consent prompt while `open`. */
export function useConsentPrompt(open: boolean): void {
  // A layout effect: the bar must be gone before the dialog is first painted, not a frame later.
  useLayoutEffect(() => {
    if (!open) return;
    change(1);
    return () => change(-1);
  }, [open]);
}

/** True while some page shows its own consent prompt. */
export function useIsConsentPromptOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => prompts > 0,
    () => false,
  );
}
