import { z } from 'zod';
import { COUNTRY_ROOTS } from './constants.js';

const COUNTRY_ROOT_IDS: number[] = Object.values(COUNTRY_ROOTS);

/** Issue 22.3: at most this many assets and categories under the search box while typing. */
export const SUGGESTED_ASSETS = 5;
export const SUGGESTED_CATEGORIES = 3;

/** `GET /api/search/suggest?q=…&lang=…&rootId=…`: what the search box offers while typing. */
export const SuggestQuery = z.object({
  q: z.string().trim().min(1, { error: 'search.errors.empty' }).max(200, { error: 'errors.tooLong' }),
  /** Language of the names answered (the app's language). */
  lang: z.enum(['de', 'en', 'fr']).default('de'),
  /** Country root to suggest from, as the search's `rootId`; defaults to germany. */
  rootId: z.coerce
    .number()
    .int()
    .refine((id) => COUNTRY_ROOT_IDS.includes(id), { error: 'search.errors.unknownRoot' })
    .optional(),
});
export type SuggestQuery = z.input<typeof SuggestQuery>;

export const SuggestedAsset = z.object({
  id: z.number().int(),
  name: z.string(),
  gtin: z.string().nullable(),
  /** Signed thumbnail URL, like a search hit's `defaultThumbTicket`. */
  thumbUrl: z.string().nullable(),
});
export type SuggestedAsset = z.infer<typeof SuggestedAsset>;

export const SuggestedCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Names from the top category down to this one's parent (the root left out). */
  path: z.array(z.string()),
});
export type SuggestedCategory = z.infer<typeof SuggestedCategory>;

export const SuggestAnswer = z.object({
  assets: z.array(SuggestedAsset).max(SUGGESTED_ASSETS),
  categories: z.array(SuggestedCategory).max(SUGGESTED_CATEGORIES),
});
export type SuggestAnswer = z.infer<typeof SuggestAnswer>;

/**
 * Issue 22.3 "no dead ends": set on a search answer when no asset matched every word, and the
 * hits shown are those of the largest group of words that did match. Null when all words matched.
 */
export const PartialMatch = z.object({
  usedWords: z.array(z.string()),
  droppedWords: z.array(z.string()),
});
export type PartialMatch = z.infer<typeof PartialMatch>;
