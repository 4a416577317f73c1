import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Records what the browser refuses under the portal's Content-Security-Policy while a journey runs:
 * every `securitypolicyviolation` event of every document the page loads, and every console error
 * that mentions the policy (Chromium's "Refused to load … because it violates the following Content
 * Security Policy directive"). Register it before the first `goto`.
 */

export interface CspViolation {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  line: number;
  sample: string;
  documentURI: string;
}

export interface CspRecorder {
  /** Every violation reported since the recorder was installed, across full page loads. */
  violations(): Promise<CspViolation[]>;
  /** Console errors (and uncaught errors) mentioning the Content Security Policy. */
  consoleErrors: string[];
  /** Fails with the step's name when anything was refused so far. */
  expectNone(step: string): Promise<void>;
}

const STORE = 'mediabox-e2e-csp-violations';
const MENTIONS_CSP = /content[\s-]security[\s-]policy/i;

export async function recordCspViolations(page: Page): Promise<CspRecorder> {
  // Runs in every document before any of its own scripts. The list lives in a window array; it is
  // mirrored into sessionStorage (same tab, same origin) so that a full page load (goto, reload,
  // logout) does not lose what the previous document reported.
  await page.addInitScript((store: string) => {
    const target = window as typeof window & { __cspViolations?: unknown[] };
    let earlier: unknown = [];
    try {
      earlier = JSON.parse(sessionStorage.getItem(store) ?? '[]');
    } catch {
      // An opaque origin (about:blank) has no storage: start empty.
    }
    const list = Array.isArray(earlier) ? earlier : [];
    target.__cspViolations = list;
    window.addEventListener(
      'securitypolicyviolation',
      (event) => {
        list.push({
          directive: event.effectiveDirective || event.violatedDirective,
          blockedURI: event.blockedURI,
          sourceFile: event.sourceFile,
          line: event.lineNumber,
          sample: event.sample,
          documentURI: event.documentURI,
        });
        try {
          sessionStorage.setItem(store, JSON.stringify(list));
        } catch {
          // See above: nothing to mirror into.
        }
      },
      true,
    );
  }, STORE);

  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && MENTIONS_CSP.test(message.text())) {
      consoleErrors.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => {
    if (MENTIONS_CSP.test(`${error.message}`)) consoleErrors.push(`uncaught: ${error.message}`);
  });

  const violations = async (): Promise<CspViolation[]> =>
    page.evaluate(
      () => ((window as typeof window & { __cspViolations?: unknown[] }).__cspViolations ?? []) as never,
    );

  return {
    violations,
    consoleErrors,
    async expectNone(step: string) {
      expect(await violations(), `securitypolicyviolation events after: ${step}`).toEqual([]);
      expect(consoleErrors, `console errors about the policy after: ${step}`).toEqual([]);
    },
  };
}

/** At least one of the images is visible and has really been decoded (not a placeholder or 404). */
export async function expectSomeImageLoaded(images: Locator): Promise<void> {
  await expect(images.first()).toBeVisible();
  await expect
    .poll(() =>
      images.evaluateAll(
        (elements) =>
          elements.filter((element) => {
            const image = element as HTMLImageElement;
            return image.complete && image.naturalWidth > 0;
          }).length,
      ),
    )
    .toBeGreaterThan(0);
}
