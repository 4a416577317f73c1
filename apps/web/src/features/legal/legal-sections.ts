import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * The shape of a legal text in legal.json: sections with a heading, paragraphs, an optional
 * bullet list and optional closing paragraphs after the list. The i18n loader merges JSON arrays into objects keyed "0", "1", …, so lists are
 * accepted in either form and put back in index order.
 */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (Array.isArray(value) || typeof value !== 'object' || value === null) return value;
    return Object.entries(value)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, entry]) => entry as unknown);
  }, z.array(item));

const LegalSection = z.object({
  heading: z.string(),
  paragraphs: list(z.string()),
  items: list(z.string()).optional(),
  closing: list(z.string()).optional(),
});
export type LegalSection = z.infer<typeof LegalSection>;

const LegalSections = list(LegalSection);

export type LegalValues = Record<string, string | number>;

/** Reads the sections under `key`, interpolated with `values`; an empty list if the key is missing or malformed. */
export function readLegalSections(t: TFunction, key: string, values: LegalValues): LegalSection[] {
  const raw: unknown = t(key, { ...values, returnObjects: true });
  const parsed = LegalSections.safeParse(raw);
  return parsed.success ? parsed.data : [];
}
