import { TRACK_PATH_MAX_LENGTH, TrackEvent } from '@mediabox/contract';

/**
 * The events of a batch as the server takes them: page-view paths no longer than it stores, and
 * none that it would refuse (it refuses a whole batch for one malformed event). A module of its own
 * because the contract's check brings zod: the queue loads it with the first event it keeps, so
 * visitors who did not agree to tracking never download it.
 */
export function acceptedEvents(events: TrackEvent[]): TrackEvent[] {
  return events
    .map((event) => ({ ...event, path: event.path.slice(0, TRACK_PATH_MAX_LENGTH) }))
    .filter((event) => TrackEvent.safeParse(event).success);
}
