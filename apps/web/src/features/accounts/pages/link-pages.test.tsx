import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '../../../shared/i18n';
import { isDisabled, renderPage } from '../testing/render-page';
import { apiError, stubApi } from '../testing/stub-api';
import ConfirmPage from './confirm-page';
import ResetPasswordPage from './reset-password-page';

const UUID = 'c0ffee00-1234-4abc-8def-0123456789ab';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('confirm page', { timeout: 15_000 }, () => {
  it('checks the link, then confirms on request', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const api = stubApi({
      [`GET /api/user/confirm/${UUID}`]: { body: { success: true, lang: 'fr' } },
      [`POST /api/user/confirm/${UUID}`]: { body: { success: true } },
    });
    const { user } = renderPage(<ConfirmPage />, { path: '/confirm/:uuid', url: `/confirm/${UUID}` });
    await user.click(await screen.findByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByText(/your e-mail address is confirmed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST', `/api/user/confirm/${UUID}`)).toHaveLength(1);
    // The visitor chose English; the link's French does not override that.
    expect(i18n.language).toBe('en');
  });

  it('switches to the language of the link when the visitor chose none', async () => {
    stubApi({ [`GET /api/user/confirm/${UUID}`]: { body: { success: true, lang: 'de' } } });
    renderPage(<ConfirmPage />, { path: '/confirm/:uuid', url: `/confirm/${UUID}` });
    expect(await screen.findByRole('button', { name: 'E-Mail-Adresse bestätigen' })).toBeTruthy();
  });

  it('says the link is invalid when the server does not know it', async () => {
    stubApi({ [`GET /api/user/confirm/${UUID}`]: apiError(404, 'signup.confirm.linkInvalid') });
    renderPage(<ConfirmPage />, { path: '/confirm/:uuid', url: `/confirm/${UUID}` });
    expect(await screen.findByText('This confirmation link is invalid or has expired.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm e-mail address' })).toBeNull();
  });

  it('says "already confirmed" with the way to sign in, not an error, for a link used before', async () => {
    stubApi({ [`GET /api/user/confirm/${UUID}`]: apiError(409, 'signup.confirm.alreadyConfirmed') });
    renderPage(<ConfirmPage />, { path: '/confirm/:uuid', url: `/confirm/${UUID}` });
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe('Address already confirmed — please log in.');
    expect(notice.className).toContain('Info');
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says "already confirmed" when the address was confirmed between check and click', async () => {
    stubApi({
      [`GET /api/user/confirm/${UUID}`]: { body: { success: true, lang: 'en' } },
      [`POST /api/user/confirm/${UUID}`]: apiError(409, 'signup.confirm.alreadyConfirmed'),
    });
    const { user } = renderPage(<ConfirmPage />, { path: '/confirm/:uuid', url: `/confirm/${UUID}` });
    await user.click(await screen.findByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByText('Address already confirmed — please log in.')).toBeTruthy();
  });
});

describe('reset password page', { timeout: 15_000 }, () => {
  it('accepts a new password only when long enough and repeated', async () => {
    const api = stubApi({
      [`GET /api/user/reset_password/${UUID}`]: { body: { success: true, lang: 'en' } },
      [`POST /api/user/reset_password/${UUID}`]: { body: { success: true } },
    });
    const { user } = renderPage(<ResetPasswordPage />, {
      path: '/reset_password/:uuid',
      url: `/reset_password/${UUID}`,
    });
    const submit = await screen.findByRole('button', { name: 'Save password' });
    expect(isDisabled(submit)).toBe(true);

    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.tab();
    expect(screen.getByText('The password must be at least 8 characters long.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^New password/), '-now-long');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'different');
    await user.tab();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(isDisabled(submit)).toBe(true);

    await user.clear(screen.getByLabelText(/^Repeat new password/));
    await user.type(screen.getByLabelText(/^Repeat new password/), 'short-now-long');
    await user.click(submit);
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect(api.callsTo('POST', `/api/user/reset_password/${UUID}`)[0]?.body).toEqual({
      password: 'short-now-long',
      passwordRepeat: 'short-now-long',
    });
  });

  it('rejects a malformed link without asking the server', async () => {
    const api = stubApi({});
    renderPage(<ResetPasswordPage />, { path: '/reset_password/:uuid', url: '/reset_password/x' });
    expect(await screen.findByText(/This link is invalid or has expired/)).toBeTruthy();
    expect(api.calls.filter((call) => call.path.includes('reset_password'))).toHaveLength(0);
  });
});
