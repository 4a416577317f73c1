/** What the preload script needs to know, with file names relative to the site root. */
export interface PreloadPlan {
  /** Per first page: a regular expression source matched against `location.pathname`, and its files. */
  pages: { path: string; files: string[] }[];
  /** Per language: the file of its translations. */
  translations: Record<string, string>;
}

/**
 * The text of a classic script (no module, so it runs before the shell is even downloaded) that asks
 * for the current page's code and the translations with `<link rel="modulepreload">`. Plain ES5
 * and defensive: it must never stop the app from starting.
 *
 * The language rule repeats initialLanguage() of src/shared/i18n (stored choice, else German on
 * German-speaking and local hosts, else English); should they ever differ, a wrong file is fetched
 * in vain and the app still loads the right one.
 */
export function preloadScript(plan: PreloadPlan): string {
  return `(function () {
  var plan = ${JSON.stringify(plan)};
  function preload(file) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + file;
    document.head.appendChild(link);
  }
  try {
    var lang = localStorage.getItem('lang');
    if (!plan.translations[lang]) {
      lang = /^(localhost|127\\.0\\.0\\.1)$|\\.(de|at|ch)$/.test(location.hostname) ? 'de' : 'en';
    }
    preload(plan.translations[lang]);
    // Guests are sent to /login first: their first page is not the one in the address.
    if (!localStorage.getItem('user')) return;
    for (var i = 0; i < plan.pages.length; i += 1) {
      if (new RegExp(plan.pages[i].path).test(location.pathname)) {
        plan.pages[i].files.forEach(preload);
        return;
      }
    }
  } catch (error) {
    // Storage refused (privacy mode): the app fetches what it needs itself.
  }
})();
`;
}
