import type { StoredUser } from '@mediabox/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, setStoredUser } from '../../../shared/auth/user-store';
import { saveConsent } from '../../../shared/consent';
import { i18n } from '../../../shared/i18n';
import { renderPage } from '../testing/render-page';
import { apiError, SETTINGS, stubApi } from '../testing/stub-api';
import LoginPage from './login-page';
import SsoLandingPage from './sso-landing-page';
import { useLogout } from '../../../app/layout/use-logout';
import { leaveSite } from '../../../shared/auth/leave-site';

// The browser's full page load to the provider; jsdom cannot navigate.
vi.mock('../../../shared/auth/leave-site', () => ({ leaveSite: vi.fn() }));

const USER: StoredUser = {
  token: 'sso-token',
  userId: 9,
  userName: 'lena@kaffee.example',
  firstname: 'Lena',
  lastname: 'Sommer',
  company: 'Kaffee AG',
  phone: '',
  isSuperUser: false,
  jde: true,
  lang: 'en',
};

beforeEach(() => saveConsent(false));
afterEach(async () => {
  vi.unstubAllGlobals();
  setStoredUser(null);
  window.history.replaceState(null, '', '/');
  await i18n.changeLanguage('en');
});

describe('sign-in with the company account (issue 23)', { timeout: 15_000 }, () => {
  it('shows no SSO button when the server has no provider (the login page as before)', async () => {
    stubApi({});
    renderPage(<LoginPage />, { path: '/login' });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('shows "Sign in with <label>" above the password form, leading to the server’s start', async () => {
    stubApi({ 'GET /api/settings': { body: { ...SETTINGS, sso: { label: 'Nordstern ID' } } } });
    renderPage(<LoginPage />, { path: '/login' });
    const button = await screen.findByRole('link', { name: 'Sign in with Nordstern ID' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/start');
    await i18n.changeLanguage('de');
    expect(await screen.findByRole('link', { name: 'Mit Nordstern ID anmelden' })).toBeTruthy();
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('link', { name: 'Se connecter avec Nordstern ID' })).toBeTruthy();
  });

  it('tells why a sign-in through the provider failed, and ignores unknown reasons', async () => {
    stubApi({});
    renderPage(<LoginPage />, { path: '/login', url: '/login?ssoError=foreignDomain' });
    expect(await screen.findByText(/is for staff only/)).toBeTruthy();
  });

  it('the landing page exchanges the code of the fragment once and signs in', async () => {
    window.history.replaceState(null, '', '/login/sso#code=one-time');
    const api = stubApi({ 'POST /api/auth/oidc/exchange': { body: USER } });
    renderPage(<SsoLandingPage />, { path: '/login/sso' });
    expect(await screen.findByText('at /')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/oidc/exchange').map((call) => call.body)).toEqual([
      { code: 'one-time' },
    ]);
    expect(getStoredUser()?.token).toBe('sso-token');
    // The code is gone from the address bar.
    expect(window.location.hash).toBe('');
  });

  it('the landing page explains a used or expired code and leads back to the login page', async () => {
    window.history.replaceState(null, '', '/login/sso#code=used');
    stubApi({ 'POST /api/auth/oidc/exchange': apiError(401, 'sso.errors.handoverInvalid') });
    renderPage(<SsoLandingPage />, { path: '/login/sso' });
    expect(await screen.findByText('The sign-in has expired. Please sign in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/login');
    await waitFor(() => expect(getStoredUser()).toBeNull());
  });

  it('logout with a provider ends the portal session, then goes to the provider’s logout', async () => {
    setStoredUser(USER);
    const api = stubApi({
      'POST /api/auth/oidc/logout': {
        body: { success: true, endSessionUrl: 'https://login.kaffee.example/logout?x=1' },
      },
    });
    function LogoutButton() {
      const logout = useLogout();
      return <button onClick={() => void logout()}>Log out</button>;
    }
    const { user, queryClient } = renderPage(<LogoutButton />, { path: '/start' });
    queryClient.setQueryData(['settings'], { ...SETTINGS, sso: { label: 'Nordstern ID' } });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://login.kaffee.example/logout?x=1'));
    expect(api.callsTo('POST', '/api/auth/oidc/logout')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/user/logout')).toHaveLength(0);
    expect(getStoredUser()).toBeNull();
  });
});
