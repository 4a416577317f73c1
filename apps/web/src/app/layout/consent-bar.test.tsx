import type { ConsentAnswer, PublicSettingsAnswer } from '@mediabox/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConsent, saveConsent } from '../../shared/consent';
import { tracker } from '../../shared/tracking';
import { stubApi } from '../../shared/testing/stub-api';
import { renderApp, testUser } from '../testing/render-app';

// Lazy pages load through dynamic imports, which are slow when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

const SETTINGS: PublicSettingsAnswer = {
  productName: 'Mediabox',
  companyName: 'Kaffee AG',
  supportEmail: 'support@kaffee.example',
  internalEmailDomains: [],
  offices: [],
};
const NOT_DECIDED: ConsentAnswer = { tracking: null, decidedAt: null };

// `hidden`: a modal dialog hides the rest of the page from the accessibility tree, but the bar must
// not be there at all.
const bar = () => screen.queryByRole('region', { name: 'Your choice on usage tracking', hidden: true });

beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => {
  tracker.clear();
  vi.unstubAllGlobals();
});

describe('consent bar (spec 1)', () => {
  it("asks an undecided visitor on a public page; the privacy page's box follows the choice", async () => {
    const api = stubApi({ 'GET /api/settings': { body: SETTINGS } });
    renderApp('/privacy');
    const optOut = await screen.findByRole('checkbox', { name: /Allow usage tracking/ });
    expect(bar()).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(bar()).toBeNull();
    expect(readConsent()?.tracking).toBe(true);
    expect((optOut as HTMLInputElement).checked).toBe(true);
    // A guest's choice stays in the browser.
    expect(api.callsTo('PUT', '/api/user/consent')).toEqual([]);
  });

  it('is not shown once a decision is stored', async () => {
    saveConsent(false);
    stubApi({ 'GET /api/settings': { body: SETTINGS } });
    renderApp('/privacy');
    await screen.findByRole('checkbox', { name: /Allow usage tracking/ });
    expect(bar()).toBeNull();
  });

  it('is the one prompt on the login page too, and a choice made there sticks (issue 19)', async () => {
    stubApi({ 'GET /api/settings': { body: SETTINGS } });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(bar()).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/cookies');

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(readConsent()?.tracking).toBe(false);
    expect(bar()).toBeNull();
  });

  it("pushes a signed-in user's choice to the account", async () => {
    const api = stubApi({
      'GET /api/settings': { body: SETTINGS },
      'GET /api/user/consent': { body: NOT_DECIDED },
      'PUT /api/user/consent': { body: { tracking: false, decidedAt: Date.now() } },
    });
    renderApp('/privacy', { user: testUser() });
    await waitFor(() => expect(api.callsTo('GET', '/api/user/consent')).toHaveLength(1));
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(bar()).toBeNull();
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/consent')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/consent')[0]?.body).toEqual({ tracking: false });
  });

  it('takes the account decision on a browser that has none, without asking', async () => {
    stubApi({
      'GET /api/settings': { body: SETTINGS },
      'GET /api/user/consent': { body: { tracking: true, decidedAt: 1_750_000_000_000 } },
    });
    renderApp('/privacy', { user: testUser() });
    await waitFor(() => expect(readConsent()).toEqual({ tracking: true, decidedAt: 1_750_000_000_000 }));
    expect(bar()).toBeNull();
  });
});
