/** One choice of the popup, in the order the arrow keys walk them: assets first, then categories. */
export type SuggestionOption =
  | { kind: 'asset'; id: number; name: string; gtin: string | null; thumbUrl: string | null }
  | { kind: 'category'; id: number; name: string; path: string[] };

export const suggestionOptionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;
