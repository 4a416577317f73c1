import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type LocalizedText } from '@mediabox/contract';

/** Spec 2.5: a name in the chosen language, falling back to German (always present). */
export function localizedName(text: LocalizedText, language: string): string {
  const lang = language.slice(0, 2);
  const key: Language = (LANGUAGES as readonly string[]).includes(lang)
    ? (lang as Language)
    : DEFAULT_LANGUAGE;
  return text[key]?.trim() ? text[key]! : text.de;
}
