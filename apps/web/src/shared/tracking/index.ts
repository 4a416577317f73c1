export { trackPageView } from './track-events';
export { trackedPath } from './tracked-path';
export { FLUSH_AT_EVENTS, FLUSH_QUIET_MS, tracker } from './tracking-queue';
export { useTracking } from './use-tracking';
