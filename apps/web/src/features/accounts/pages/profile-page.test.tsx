import type { StoredUser, UserProfile } from '@mediabox/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, setStoredUser } from '../../../shared/auth/user-store';
import { isDisabled, renderPage } from '../testing/render-page';
import { apiError, stubApi } from '../testing/stub-api';
import ProfilePage from './profile-page';

const PROFILE: UserProfile = {
  userId: 7,
  userName: 'anna@partner.example',
  firstname: 'Anna',
  lastname: 'Schmidt',
  company: 'Café Müller',
  phone: '+49 40 123',
  isSuperUser: false,
  jde: false,
  lang: 'en',
  contactPerson: 'Xaver Huber',
  createdAt: '2025-01-02T03:04:05.000Z',
};
const STORED: StoredUser = { ...PROFILE, token: 'token-1' };

const saveButton = () => screen.getByRole('button', { name: 'Save' });

async function renderProfile(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /api/user/': { body: { data: { user: PROFILE } } }, ...routes });
  const view = renderPage(<ProfilePage />, { path: '/profile' });
  await screen.findByLabelText(/^First name/);
  return { api, ...view };
}

beforeEach(() => setStoredUser(STORED));
afterEach(() => {
  vi.unstubAllGlobals();
  setStoredUser(null);
});

describe('profile page', { timeout: 15_000 }, () => {
  it('shows the profile with the e-mail read-only', async () => {
    await renderProfile();
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Anna');
    const username = screen.getByLabelText('Username (e-mail)') as HTMLInputElement;
    expect(username.value).toBe('anna@partner.example');
    expect(username.readOnly).toBe(true);
    expect(isDisabled(saveButton())).toBe(false);
  });

  it('checks the new password: at least 8 characters, repeated exactly', async () => {
    const { user } = await renderProfile();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.tab();
    expect(screen.getByText('The password must be at least 8 characters long.')).toBeTruthy();
    expect(isDisabled(saveButton())).toBe(true);

    await user.type(screen.getByLabelText('New password'), '-but-long');
    await user.type(screen.getByLabelText('Repeat new password'), 'something-else');
    await user.tab();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(isDisabled(saveButton())).toBe(true);

    await user.clear(screen.getByLabelText('Repeat new password'));
    await user.type(screen.getByLabelText('Repeat new password'), 'short-but-long');
    // A new password needs the current one (issue 17.2).
    expect(isDisabled(saveButton())).toBe(true);
    await user.type(screen.getByLabelText('Current password'), 'the-old-one');
    expect(isDisabled(saveButton())).toBe(false);
  });

  it('saves, updates the stored user and confirms with snack.saved', async () => {
    const saved = { ...PROFILE, company: 'Rösterei Nord' };
    const { user, api } = await renderProfile({
      'POST /api/user/': { body: { success: true, user: saved } },
    });
    await user.clear(screen.getByLabelText(/^Company/));
    await user.type(screen.getByLabelText(/^Company/), 'Rösterei Nord');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(getStoredUser()?.company).toBe('Rösterei Nord');
    // No new password typed: none is sent, so the current one stays.
    expect(api.callsTo('POST', '/api/user/')[0]?.body).toEqual({
      user: {
        firstname: 'Anna',
        lastname: 'Schmidt',
        company: 'Rösterei Nord',
        phone: '+49 40 123',
        lang: 'en',
      },
    });
  });

  it('enables account deletion at 8 password characters and reports a wrong password', async () => {
    const { user } = await renderProfile({
      'DELETE /api/user/': apiError(400, 'AppBar.profile.errors.passwordError'),
    });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Delete account' });

    await user.type(dialog.getByLabelText('Password'), '1234567');
    expect(isDisabled(confirm)).toBe(true);
    await user.type(dialog.getByLabelText('Password'), '8');
    expect(isDisabled(confirm)).toBe(false);

    await user.click(confirm);
    expect(await dialog.findByText('Invalid password.')).toBeTruthy();
    expect(getStoredUser()).not.toBeNull();
  });

  it('clears the stored user and goes to /login once the account is deleted', async () => {
    const { user, api } = await renderProfile({ 'DELETE /api/user/': { body: { success: true } } });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Password'), 'secret-123');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByText('at /login')).toBeTruthy();
    expect(getStoredUser()).toBeNull();
    expect(api.callsTo('DELETE', '/api/user/')[0]?.body).toEqual({ password: 'secret-123' });
  });
});
