import { ErrorCodes, type UserProfile } from '@mediabox/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDisabled, renderPage } from '../testing/render-page';
import { stubApi } from '../testing/stub-api';
import { ProfileFormPanel } from './profile-form';

const PROFILE: UserProfile = {
  userId: 7,
  userName: 'anna@partner.example',
  firstname: 'Anna',
  lastname: 'Schmidt',
  company: 'Café Müller',
  phone: '',
  lang: 'en',
  jde: false,
  isSuperUser: false,
  contactPerson: '',
  createdAt: '2026-11-01T00:00:00.000Z',
};

const saveButton = () => screen.getByRole('button', { name: 'Save' });

afterEach(() => vi.unstubAllGlobals());

describe('profile form: changing the password', { timeout: 20_000 }, () => {
  it('asks for the current password before a new one can be saved, and sends it along', async () => {
    const api = stubApi({ 'POST /api/user/': { body: { success: true, user: PROFILE } } });
    const { user } = renderPage(<ProfileFormPanel profile={PROFILE} onSaved={() => {}} />, {
      path: '/profile',
    });
    await user.type(screen.getByLabelText(/^New password/), 'Brand-new-42');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'Brand-new-42');
    await user.click(screen.getByLabelText(/^Current password/));
    await user.tab();
    expect(screen.getByText('Please enter your current password to set a new one.')).toBeTruthy();
    expect(isDisabled(saveButton())).toBe(true);

    await user.type(screen.getByLabelText(/^Current password/), 'Old-secret-1');
    expect(isDisabled(saveButton())).toBe(false);
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('POST', '/api/user/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user/')[0]?.body).toMatchObject({
      user: { password: 'Brand-new-42', passwordRepeat: 'Brand-new-42', currentPassword: 'Old-secret-1' },
    });
  });

  it('shows the server saying the current password is wrong at that field', async () => {
    stubApi({
      'POST /api/user/': {
        status: 400,
        body: {
          error: {
            code: ErrorCodes.profileCurrentPasswordWrong,
            message: 'wrong',
            fields: [{ path: 'user.currentPassword', code: ErrorCodes.profileCurrentPasswordWrong }],
          },
        },
      },
    });
    const { user } = renderPage(<ProfileFormPanel profile={PROFILE} onSaved={() => {}} />, {
      path: '/profile',
    });
    await user.type(screen.getByLabelText(/^Current password/), 'Not-it-123');
    await user.type(screen.getByLabelText(/^New password/), 'Brand-new-42');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'Brand-new-42');
    await user.click(saveButton());
    expect((await screen.findAllByText('The current password is not correct.')).length).toBeGreaterThan(0);
  });

  it('sends no password fields when the password is left alone', async () => {
    const api = stubApi({ 'POST /api/user/': { body: { success: true, user: PROFILE } } });
    const { user } = renderPage(<ProfileFormPanel profile={PROFILE} onSaved={() => {}} />, {
      path: '/profile',
    });
    await user.type(screen.getByLabelText(/^Phone/), '+49 40 123456');
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('POST', '/api/user/')).toHaveLength(1));
    const sent = (api.callsTo('POST', '/api/user/')[0]?.body as { user: Record<string, unknown> }).user;
    expect(sent).not.toHaveProperty('password');
    expect(sent).not.toHaveProperty('currentPassword');
  });
});
