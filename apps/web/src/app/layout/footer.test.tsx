import type { ConsentAnswer } from '@mediabox/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConsent, saveConsent } from '../../shared/consent';
import { stubApi } from '../../shared/testing/stub-api';
import { renderApp, testUser } from '../testing/render-app';
import { Footer } from './footer';

vi.setConfig({ testTimeout: 20_000 });

const routes = [{ path: '*', element: <Footer /> }];

afterEach(() => vi.unstubAllGlobals());

describe('footer tracking settings', () => {
  it('changes the decision in a dialog and pushes it to the account when signed in', async () => {
    saveConsent(true, 1_750_000_000_000);
    const api = stubApi({
      'PUT /api/user/consent': (body) => ({
        body: { ...(body as { tracking: boolean }), decidedAt: Date.now() } satisfies ConsentAnswer,
      }),
    });
    renderApp('/', { user: testUser(), routes });
    await userEvent.click(screen.getByRole('button', { name: 'Tracking settings' }));

    const dialog = await screen.findByRole('dialog', { name: 'Tracking settings' });
    const checkbox = screen.getByRole('checkbox', { name: 'Allow usage tracking' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(true);
    expect(dialog.textContent).toMatch(/Currently allowed/);

    await userEvent.click(checkbox);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readConsent()?.tracking).toBe(false);
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/consent')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/consent')[0]?.body).toEqual({ tracking: false });
  });

  it("keeps a guest's choice in the browser, and Cancel changes nothing", async () => {
    const api = stubApi({});
    renderApp('/', { routes });
    await userEvent.click(screen.getByRole('button', { name: 'Tracking settings' }));
    expect((await screen.findByRole('dialog')).textContent).toMatch(/not decided yet/);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Allow usage tracking' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readConsent()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Tracking settings' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Allow usage tracking' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(readConsent()?.tracking).toBe(true));
    expect(api.callsTo('PUT', '/api/user/consent')).toEqual([]);
  });
});
