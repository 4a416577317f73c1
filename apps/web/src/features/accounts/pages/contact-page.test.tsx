import type { StoredUser } from '@mediabox/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../../shared/auth/user-store';
import { isDisabled, renderPage } from '../testing/render-page';
import { SETTINGS, stubApi } from '../testing/stub-api';
import ContactPage from './contact-page';

const office = (country: 'germany' | 'austria' | 'switzerland', city: string) => ({
  country,
  name: `Kaffee ${city} GmbH`,
  street: 'Hauptstraße 1',
  postalCode: '1000',
  city,
  phone: '+00 1',
  email: `${country}@kaffee.example`,
  register: '',
  vatId: '',
  managingDirectors: [],
  contactPersons: [{ name: `Kontakt ${city}`, role: 'Marketing', email: `m@${country}.example`, phone: '' }],
});

afterEach(() => {
  vi.unstubAllGlobals();
  setStoredUser(null);
});

describe('contact page', { timeout: 15_000 }, () => {
  it('lists the offices by country and sends a message as "first last"', async () => {
    const api = stubApi({
      'GET /api/settings': {
        body: {
          ...SETTINGS,
          offices: [office('switzerland', 'Zürich'), office('germany', 'Bremen'), office('austria', 'Wien')],
        },
      },
      'POST /api/user/contact': { body: { success: true } },
    });
    const { user } = renderPage(<ContactPage />, { path: '/contact' });
    const regions = await screen.findAllByRole('region');
    expect(regions.map((region) => region.getAttribute('aria-label'))).toEqual([
      'Germany',
      'Austria',
      'Switzerland',
    ]);
    expect(screen.getByText('Kontakt Wien', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Close' })).toBeNull();

    const send = screen.getByRole('button', { name: 'Send' });
    expect(isDisabled(send)).toBe(true);
    await user.type(screen.getByLabelText(/^First name/), 'Anna');
    await user.type(screen.getByLabelText(/^Last name/), 'Schmidt');
    await user.type(screen.getByLabelText(/^E-mail address/), 'anna@partner');
    await user.tab();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^E-mail address/), '.example');
    await user.type(screen.getByLabelText(/^Message/), 'Bitte um Logos.');
    await user.click(send);

    expect(await screen.findByText(/Thank you for your message/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/user/contact')[0]?.body).toEqual({
      name: 'Anna Schmidt',
      email: 'anna@partner.example',
      phone: '',
      message: 'Bitte um Logos.',
      userId: null,
    });
  });

  it('offers a close button to signed-in users', async () => {
    const user: StoredUser = {
      token: 't',
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
    setStoredUser(user);
    stubApi({});
    renderPage(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('link', { name: 'Close' }).getAttribute('href')).toBe('/');
    expect((screen.getByLabelText(/^E-mail address/) as HTMLInputElement).value).toBe('anna@partner.example');
  });
});
