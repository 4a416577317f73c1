import type { Language, LocalizedText } from '@mediabox/contract';

/** Spec 2.5: the name in the chosen language, falling back to German (always present). */
export function localized(text: LocalizedText, lang: Language): string {
  return text[lang]?.trim() ? text[lang]! : text.de;
}
