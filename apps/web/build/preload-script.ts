/** Which data a first page asks for at once (see earlyData in the script below). */
export type FirstPageData = 'drawer' | 'category' | 'search';

/** The constants the early data requests are built from (the contract's and the catalogue's). */
export interface EarlyDataRules {
  countryRoots: Record<string, number>;
  /** `?c=` codes and their countries. */
  countryCodes: Record<string, string>;
  defaultCountry: string;
  searchPageSize: number;
  containerPageSize: number;
}

/** What the preload script needs to know, with file names relative to the site root. */
export interface PreloadPlan {
  /** Per first page: a regular expression source matched against `location.pathname`, its files and data. */
  pages: { path: string; files: string[]; data: FirstPageData }[];
  /** Files the layout of every signed-in page loads lazily at once (the drawer's menu and filter). */
  layout: string[];
  /** Per language: the file of its translations. */
  translations: Record<string, string>;
  rules: EarlyDataRules;
}

/**
 * The text of a classic script (no module, so it runs before the shell is even downloaded) that asks
 * for the current page's code, the signed-in layout's lazy parts and the translations with
 * `<link rel="modulepreload">`, and for the page's first data with fetch. Plain ES5 and defensive:
 * it must never stop the app from starting.
 *
 * The data requests are those of the app's route loaders (src/app/routing/route-prefetch.ts) for
 * the drawer, a category and a search, sent ~300 ms before the shell could send them. The answers
 * wait in `window.__mediaboxEarly` until apiRequest takes each once (src/shared/api/early-responses.ts);
 * a request the app does not make the same way is simply not taken. preload-script.test.ts checks
 * that both ask for the same. A search with more than the country in its query string (a category
 * filter) is left to the app.
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
  function own(object, key) {
    return key !== null && Object.prototype.hasOwnProperty.call(object, key);
  }
  function earlyData(token, page) {
    var rules = plan.rules;
    var early = (window.__mediaboxEarly = { at: Date.now(), responses: {} });
    function ask(method, path, body) {
      var headers = { accept: 'application/json', authorization: 'Bearer ' + token };
      if (body !== undefined) headers['content-type'] = 'application/json';
      var answer = fetch(path, { method: method, headers: headers, body: body });
      // Not taken (or failed): the app asks again itself; no unhandled rejection meanwhile.
      answer['catch'](function () {});
      early.responses[method + ' ' + path + ' ' + (body === undefined ? '' : body)] = answer;
    }
    var params = new URLSearchParams(location.search);
    var code = params.get('c');
    var country = own(rules.countryCodes, code) ? rules.countryCodes[code] : localStorage.getItem('country');
    if (!own(rules.countryRoots, country)) country = rules.defaultCountry;
    var rootId = rules.countryRoots[country];
    ask('GET', '/api/node/' + rootId);
    if (page.data === 'category') {
      var nodeId = Number(location.pathname.slice(1));
      ask('GET', '/api/node/' + nodeId);
      ask('GET', '/api/assets/' + nodeId + '?offset=0&limit=' + rules.containerPageSize);
    }
    var onlyCountry = true;
    params.forEach(function (value, key) {
      if (key !== 'c') onlyCountry = false;
    });
    if (page.data === 'search' && onlyCountry) {
      var query = decodeURIComponent(location.pathname.slice('/search/'.length)).replace(/\\+/g, ' ');
      if (!query.trim()) return;
      var search = { query: query, offset: 0, limit: rules.searchPageSize, rootId: rootId };
      ask('POST', '/api/search/', JSON.stringify(search));
    }
  }
  try {
    var lang = localStorage.getItem('lang');
    if (!plan.translations[lang]) {
      lang = /^(localhost|127\\.0\\.0\\.1)$|\\.(de|at|ch)$/.test(location.hostname) ? 'de' : 'en';
    }
    preload(plan.translations[lang]);
    // Guests are sent to /login first: their first page is not the one in the address.
    var user = JSON.parse(localStorage.getItem('user'));
    if (!user || typeof user.token !== 'string') return;
    plan.layout.forEach(preload);
    for (var i = 0; i < plan.pages.length; i += 1) {
      if (new RegExp(plan.pages[i].path).test(location.pathname)) {
        plan.pages[i].files.forEach(preload);
        earlyData(user.token, plan.pages[i]);
        return;
      }
    }
  } catch (error) {
    // Storage refused (privacy mode), a malformed address: the app fetches what it needs itself.
  }
})();
`;
}
