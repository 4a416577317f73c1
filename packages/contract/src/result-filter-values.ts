// Schema-free on purpose: the app's first download reads these (search-of-route.ts) and must not load zod.
import { IMAGE_CATEGORIES } from './gs1.js';

/** Issue 22.2: the values the result filters and the sort take (schemas in result-filters.ts). */

export const ORIENTATIONS = ['portrait', 'landscape', 'square'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** The GS1 view codes (image categories, "C1C1"…) a filter may name. */
export const VIEW_CODES = Object.values(IMAGE_CATEGORIES).map((category) => category.code);
export type ViewCode = (typeof VIEW_CODES)[number];

export const RESULT_SORTS = ['relevance', 'newest', 'name'] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

/** "Neu": the one preset of the date filter. */
export const NEW_WITHIN_DAYS = 30;
