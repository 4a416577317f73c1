import type { StoredUser } from '@mediabox/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, setStoredUser } from '../../../shared/auth/user-store';
import { i18n } from '../../../shared/i18n';
import { saveConsent } from '../../../shared/consent';
import { isDisabled, renderPage } from '../testing/render-page';
import { apiError, stubApi } from '../testing/stub-api';
import LoginPage from './login-page';

const USER: StoredUser = {
  token: 'token-1',
  userId: 7,
  userName: 'anna@partner.example',
  firstname: 'Anna',
  lastname: 'Schmidt',
  company: 'Café Müller',
  phone: '',
  isSuperUser: false,
  jde: false,
  lang: 'en',
};

const loginButton = () => screen.getByRole('button', { name: 'Sign in' });

beforeEach(() => {
  // The consent bar has its own test; here it would only cover the form.
  saveConsent(false);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  setStoredUser(null);
  await i18n.changeLanguage('en');
});

describe('login page', { timeout: 15_000 }, () => {
  it('enables the login button only for a valid e-mail and a password', async () => {
    stubApi({});
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    expect(isDisabled(loginButton())).toBe(true);

    await user.type(screen.getByLabelText('E-mail address'), 'anna@partner');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    expect(isDisabled(loginButton())).toBe(true);
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();

    await user.type(screen.getByLabelText('E-mail address'), '.example');
    expect(isDisabled(loginButton())).toBe(false);

    await user.clear(screen.getByLabelText('Password'));
    expect(isDisabled(loginButton())).toBe(true);
  });

  it('tells an account waiting for approval in a notice, not as a wrong password', async () => {
    stubApi({ 'POST /api/user/login': apiError(403, 'login.errors.notActivated') });
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('E-mail address'), 'anna@partner.example');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(loginButton());

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe('Your account has not been activated yet. Please wait for the approval.');
    expect(notice.className).toContain('Info');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('false');
  });

  it('shows wrong credentials under the password field', async () => {
    stubApi({ 'POST /api/user/login': apiError(401, 'login.errors.wrongCredentials') });
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('E-mail address'), 'anna@partner.example');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(loginButton());

    await screen.findByText('Wrong e-mail address or password.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stores the user and goes to the remembered local page', async () => {
    const api = stubApi({ 'POST /api/user/login': { body: { ...USER, lang: 'fr' } } });
    const { user } = renderPage(<LoginPage />, { path: '/login', url: '/login?from=%2Fcart%3Fc%3Dat' });
    await user.type(screen.getByLabelText('E-mail address'), 'Anna@Partner.example');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(loginButton());

    expect(await screen.findByText('at /cart?c=at')).toBeTruthy();
    expect(getStoredUser()?.token).toBe('token-1');
    expect(i18n.language).toBe('fr');
    expect(api.callsTo('POST', '/api/user/login')[0]?.body).toEqual({
      username: 'anna@partner.example',
      password: 'secret-123',
    });
  });

  it('forgets what the previous session had cached (a cart, badge counts)', async () => {
    stubApi({ 'POST /api/user/login': { body: USER } });
    const { user, queryClient } = renderPage(<LoginPage />, { path: '/login' });
    queryClient.setQueryData(['cart', 'summary'], { assetIds: [1, 2], count: 2 });
    await user.type(screen.getByLabelText('E-mail address'), 'anna@partner.example');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(loginButton());
    expect(await screen.findByText('at /')).toBeTruthy();
    expect(queryClient.getQueryData(['cart', 'summary'])).toBeUndefined();
  });

  it('ignores a "from" that would leave the site', async () => {
    stubApi({ 'POST /api/user/login': { body: { data: USER } } });
    const { user } = renderPage(<LoginPage />, { path: '/login', url: '/login?from=%2F%2Fevil.example' });
    await user.type(screen.getByLabelText('E-mail address'), 'anna@partner.example');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(loginButton());
    expect(await screen.findByText('at /')).toBeTruthy();
  });

  it('shows the translated server code under the password field', async () => {
    stubApi({ 'POST /api/user/login': apiError(403, 'login.errors.notVerified') });
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('E-mail address'), 'anna@partner.example');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(loginButton());
    expect(await screen.findByText(/e-mail address has not been verified yet/)).toBeTruthy();
    expect(getStoredUser()).toBeNull();
  });

  it('sends a forgotten-password request in the current language', async () => {
    const api = stubApi({
      'POST /api/user/forgot_password/': { body: { success: true, message: 'forgotPassword.success' } },
    });
    const { user } = renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('E-mail address'), 'anna@partner.example');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('input')?.value).toBe('anna@partner.example');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/contact the system administrator/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/user/forgot_password/')[0]?.body).toEqual({
      username: 'anna@partner.example',
      lang: 'en',
    });
  });
});
