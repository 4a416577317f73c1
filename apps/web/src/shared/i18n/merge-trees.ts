/**
 * A language's translations are one tree merged from one JSON file per feature (common.json,
 * accounts.json, legal.json, …), so keys such as `signup.step1.errors.mailExists` (which the server
 * also sends as error codes) work with a plain `t(code)` whichever file holds them.
 */
type Leaf = string | Leaf[] | { [key: string]: Leaf };
export type TranslationTree = { [key: string]: Leaf };

export function mergeTrees(target: TranslationTree, source: TranslationTree): TranslationTree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    // Arrays (lists of paragraphs) are leaves: copied as they are, never merged index by index.
    if (isTree(value) && isTree(existing)) mergeTrees(existing, value);
    else target[key] = isTree(value) ? mergeTrees({}, value) : value;
  }
  return target;
}

function isTree(value: Leaf | undefined): value is TranslationTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The language folder a translation file lies in (`./locales/fr/cart.json` -> `fr`). */
export const languageOfFile = (file: string): string | undefined => /\/locales\/(\w+)\//.exec(file)?.[1];
