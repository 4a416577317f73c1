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

/** The page does not scroll sideways, and no visible element sticks out of the window. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        // Content inside a container that scrolls on purpose (a tab strip, a wide table) is fine.
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.overflowX === 'hidden')
            return false;
        }
        return box.right > width + 1 || box.left < -1;
      })
      .slice(0, 5)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name =
          element.tagName.toLowerCase() +
          (element.className ? `.${String(element.className).split(' ')[0]}` : '');
        return `${name} [${Math.round(box.left)}..${Math.round(box.right)}]`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, width, wider };
  });
  expect(overflow.wider, `elements wider than the ${overflow.width} px window on ${page.url()}`).toEqual([]);
  expect(overflow.scrollWidth, `page scrolls sideways on ${page.url()}`).toBeLessThanOrEqual(overflow.width);
}
