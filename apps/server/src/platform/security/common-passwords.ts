/**
 * The 10,000 most common passwords (issue 17.3), refused at sign-up, reset and change: they are what
 * a guesser tries first, and the throttles only slow guessing down. The list is zxcvbn-ts' common
 * passwords dictionary (MIT, ordered by how often each occurs in leaked password sets), shipped as
 * an npm package: nothing is fetched at run time. Compared case-insensitively, since "Password1"
 * is guessed as readily as "password1".
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Promise<Set<string>> | undefined;

/** Loaded on the first check (the package is ~2 MB of dictionaries), then kept. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const list = dictionary['passwords-common'];
    if (!Array.isArray(list) || list.length < COMMON_PASSWORD_COUNT) {
      throw new Error('the common passwords dictionary is missing or shorter than expected');
    }
    return new Set((list as string[]).slice(0, COMMON_PASSWORD_COUNT).map((word) => word.toLowerCase()));
  });
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
