import { z } from 'zod';
import { LANGUAGES } from './constants.js';
import { ErrorCodes } from './error-codes.js';

/**
 * Consent and first-party usage tracking (spec 1, 2.9, 7.5 "a usage-tracking service receives page
 * views, searches and downloads", 9 "IP address storage seven days"). Downloads are recorded by the
 * server itself when a file or bundle is fetched, searches when they run; the app reports page views.
 */

/** Most events one `POST /api/track` carries; the app sends what gathered since its last flush. */
export const TRACK_BATCH_MAX = 50;
/** Longest page path stored (after the query string and fragment are cut off). */
export const TRACK_PATH_MAX_LENGTH = 300;
/** Longest path accepted at all: a longer one is not a page of the portal. */
export const TRACK_PATH_INPUT_MAX_LENGTH = 2048;

/** The app's current country as in its `?c=` parameter. */
export const TRACK_COUNTRIES = ['de', 'at', 'ch'] as const;

/** `GET /api/user/consent` and the answer of `PUT`: null while the user has not decided. */
export const ConsentAnswer = z.object({
  tracking: z.boolean().nullable(),
  /** Epoch ms of the decision in force; a repeated push of the same decision keeps it. */
  decidedAt: z.number().int().nullable(),
});
export type ConsentAnswer = z.infer<typeof ConsentAnswer>;

/** `PUT /api/user/consent`: the decision the browser holds (at login and whenever it changes). */
export const ConsentRequest = z.object({ tracking: z.boolean() }).strict();
export type ConsentRequest = z.infer<typeof ConsentRequest>;

/**
 * A page path: the route only. Query string and fragment are cut off (they may carry search terms,
 * tickets or tokens); a path that does not start with `/` is refused.
 */
const TrackPath = z
  .string()
  .max(TRACK_PATH_INPUT_MAX_LENGTH, { error: ErrorCodes.tooLong })
  .refine((path) => path.startsWith('/'), { error: ErrorCodes.trackingInvalidPath })
  .transform((path) => path.replace(/[?#][\s\S]*$/, '').slice(0, TRACK_PATH_MAX_LENGTH));

export const PageViewEvent = z.object({
  type: z.literal('pageView'),
  path: TrackPath,
  country: z.enum(TRACK_COUNTRIES).nullish(),
  lang: z.enum(LANGUAGES).nullish(),
});
export type PageViewEvent = z.input<typeof PageViewEvent>;

/**
 * What the app may report: page views only. Searches are recorded by the server when they run, with
 * the result count it found (issue 17.8): a count or term sent by a client could be anything.
 */
export const TrackEvent = PageViewEvent;
export type TrackEvent = PageViewEvent;

/**
 * `POST /api/track`: a batch of events with the browser's consent decision. Answered 204 whenever
 * the batch is well-formed, recorded or not; a malformed batch is 400 and nothing of it is kept.
 */
export const TrackRequest = z.object({
  /** The browser's decision; a guest is tracked only with `true`, a signed-in user also needs their stored yes. */
  consent: z.boolean(),
  events: z.array(TrackEvent).max(TRACK_BATCH_MAX, { error: ErrorCodes.trackingTooManyEvents }),
});
export type TrackRequest = z.input<typeof TrackRequest>;
