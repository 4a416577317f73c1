import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Checks every screen test can ask for: accessibility (axe, WCAG 2.1 A and AA rules) and that nothing
 * is wider than the window. Both look at the page as it is at the moment of the call.
 */

/** The phone the issue 19 pass was measured on. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 860 };

/** Fails with axe's own description of every violation on the page (or inside `include`). */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  // A snackbar or dialog still fading in has the colours of half its opacity: judge the end state.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner runs forever: only animations that end are waited for.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const described = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`)
        .join('\n'),
  );
  expect(described, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * The page does not scroll sideways, no visible element sticks out of the window, and no box inside
 * scrolls sideways either (a table that hides its download buttons 40 px off to the right is just as
 * unusable). Tab strips and picture strips (`data-scroll-strip`) scroll on purpose, so they are allowed.
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      return `${element.tagName.toLowerCase()}${className ? `.${className}` : ''} [${Math.round(box.left)}..${Math.round(box.right)}]`;
    };
    const scrollsOnPurpose = (element: Element) =>
      element.closest('.MuiTabs-scroller, [data-scroll-strip]') !== null;
    const all = Array.from(document.querySelectorAll<HTMLElement>('body *'));
    const sidewaysBoxes = all
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') return false;
        return element.scrollWidth > element.clientWidth + 1 && !scrollsOnPurpose(element);
      })
      .map(
        (element) => `${describe(element)} scrolls ${element.scrollWidth - element.clientWidth} px sideways`,
      );
    const sticksOut = all
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        // Inside a box that scrolls or clips, the box itself is what is measured.
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const overflowX = getComputedStyle(parent).overflowX;
          if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return false;
        }
        return box.right > width + 1 || box.left < -1;
      })
      .map(describe);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      problems: [...sidewaysBoxes, ...sticksOut].slice(0, 8),
    };
  });
  expect(overflow.problems, `too wide for the ${overflow.width} px window on ${page.url()}`).toEqual([]);
  expect(overflow.scrollWidth, `page scrolls sideways on ${page.url()}`).toBeLessThanOrEqual(overflow.width);
}
