/** How long the first page's own requests (code, data, first pictures) have the network to themselves. */
const START_GRACE_MS = 1000;

type IdleWindow = Window & { requestIdleCallback?: (task: () => void) => number };

/**
 * Runs `task` once the app has started and the browser is idle: for work that no first render
 * needs, such as fetching the code of menus and dialogs before they are opened. Answers a cancel.
 */
export function whenIdleAfterStart(task: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  const timer = window.setTimeout(() => {
    const idle = (window as IdleWindow).requestIdleCallback;
    if (idle) idle(run);
    else run();
  }, START_GRACE_MS);
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
  };
}
