import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readConsent, saveConsent } from '../../../shared/consent';
import { renderPage } from '../testing/render-page';
import { ConsentDialog } from './consent-dialog';

describe('consent dialog', () => {
  it('cannot be dismissed with Escape and closes only by saving', async () => {
    const { user } = renderPage(<ConsentDialog />, { path: '/login' });
    expect(await screen.findByRole('dialog', { name: 'Cookies and usage tracking' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(readConsent()).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Allow usage tracking' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(readConsent()?.tracking).toBe(true);
  });

  it('does not ask again once a decision is stored', () => {
    saveConsent(false);
    renderPage(<ConsentDialog />, { path: '/login' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
