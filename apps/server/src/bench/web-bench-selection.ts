import type { Browser } from 'playwright-core';

/**
 * Issue 22.1 "Measured": on a page of 10,000 results, selecting all (through the selection bar's
 * "Alle N Treffer auswählen", which asks `GET /api/assets/{id}/ids`) and scrolling to the end must
 * cause no long task over 200 ms. Long tasks are read with a buffered PerformanceObserver
 * ('longtask', Chromium's performance timeline) from just before the first click to the end.
 */
export interface SelectionResult {
  /** Results shown on the page when the scrolling ended (all pages loaded). */
  loaded: number;
  /** What the selection bar said after "select all". */
  barText: string;
  /** Every long task (> 50 ms) from the first click on, in ms. */
  longTasks: number[];
  /** Those of the last part alone: scrolling from the top to the end with everything selected. */
  scrollTasks: number[];
  /** Checkboxes rendered at the end that are checked, of those rendered. */
  checkedAtEnd: { checked: number; rendered: number };
  seconds: number;
}

/** Long tasks are collected from page start; the bench reads those after its mark. */
const LONG_TASK_SCRIPT = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

/** Scrolls a screen at a time, as a user holding Page Down, until the end stays the end for a while. */
const SCROLL_TO_END_SCRIPT = `new Promise((resolve) => {
  let still = 0;
  let lastHeight = 0;
  const step = () => {
    window.scrollBy(0, window.innerHeight);
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    const height = document.documentElement.scrollHeight;
    still = atEnd && height === lastHeight ? still + 1 : 0;
    lastHeight = height;
    // 40 quiet frames at the end (about 2 s at 50 ms): no further page is coming.
    if (still >= 40) resolve(undefined);
    else setTimeout(step, 50);
  };
  step();
})`;

/**
 * `via`: 'bar' selects all through the bar (the ids route); 'keys' scrolls to the end first (every
 * page loaded), presses Ctrl-A in the results, goes back to the top and scrolls to the end again:
 * the same 10,000 selected cards to render, for a build without the ids route.
 */
export async function measureSelection(
  browser: Browser,
  url: string,
  storage: Record<string, string>,
  expected: number,
  via: 'bar' | 'keys' = 'bar',
): Promise<SelectionResult> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'de-DE' });
  await context.addInitScript(
    Object.entries(storage)
      .map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`)
      .join('\n') + LONG_TASK_SCRIPT,
  );
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('main img');
    await page.waitForLoadState('networkidle');
    const start = performance.now();
    const mark = await page.evaluate<number>('performance.now()');
    const bar = page.getByRole('region', { name: 'Auswahl' });
    if (via === 'bar') {
      await page
        .getByRole('checkbox', { name: /^Auswählen: / })
        .first()
        .check({ force: true });
      await bar.getByRole('button', { name: /^Alle .* Treffer auswählen$/ }).click();
    } else {
      await page.evaluate(SCROLL_TO_END_SCRIPT);
      await page.locator('[data-result-index]').first().focus();
      await page.keyboard.press('Control+A');
      await page.evaluate('window.scrollTo(0, 0)');
    }
    const expectedText = `${expected.toLocaleString('de-DE')} ausgewählt`;
    await bar.getByText(expectedText, { exact: false }).waitFor({ timeout: 60_000 });
    const barText = (await bar.getByRole('status').textContent()) ?? '';
    const selected = await page.evaluate<number>('performance.now()');
    await page.evaluate(SCROLL_TO_END_SCRIPT);
    const loaded = await page.evaluate<number>(
      `Number(document.querySelector('[aria-setsize]')?.getAttribute('aria-setsize') ?? 0)`,
    );
    const checkedAtEnd = await page.evaluate<{ checked: number; rendered: number }>(`(() => {
      const boxes = [...document.querySelectorAll('input[type="checkbox"][aria-label^="Auswählen: "]')];
      return { checked: boxes.filter((box) => box.checked).length, rendered: boxes.length };
    })()`);
    const longTasks = await page.evaluate<number[]>(
      `window.__longTasks.filter((task) => task.start >= ${mark}).map((task) => task.ms)`,
    );
    const scrollTasks = await page.evaluate<number[]>(
      `window.__longTasks.filter((task) => task.start >= ${selected}).map((task) => task.ms)`,
    );
    return {
      loaded,
      barText,
      longTasks,
      scrollTasks,
      checkedAtEnd,
      seconds: (performance.now() - start) / 1000,
    };
  } finally {
    await context.close();
  }
}
