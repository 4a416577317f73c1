import type { PublicSettingsAnswer, StoredUser } from '@mediabox/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser } from '../../../shared/auth/user-store';
import ImprintPage from './imprint-page';

const office = (country: 'germany' | 'austria' | 'switzerland', city: string) => ({
  country,
  name: `Beispiel Kaffee ${city} GmbH`,
  street: 'Röstereiweg 1',
  postalCode: '1000',
  city,
  phone: '+00 1 234',
  email: `${country}@example.test`,
  register: `Register ${city}`,
  vatId: `VAT-${country}`,
  managingDirectors: [`Director ${city}`],
  contactPersons: [
    {
      name: `Contact ${city}`,
      role: 'Trade marketing',
      email: `contact-${country}@example.test`,
      phone: '+00 9',
    },
  ],
});

const settings: PublicSettingsAnswer = {
  productName: 'Mediabox',
  companyName: 'Beispiel Kaffee Gruppe',
  supportEmail: 'support@example.test',
  internalEmailDomains: ['example.test'],
  offices: [office('austria', 'Wien'), office('germany', 'Bremen'), office('switzerland', 'Zürich')],
};

const user: StoredUser = {
  token: 't',
  userId: 1,
  userName: 'anna@example.test',
  firstname: 'Anna',
  lastname: 'Muster',
  company: 'Partner AG',
  phone: '',
  isSuperUser: false,
  jde: false,
  lang: 'en',
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/imprint']}>
        <ImprintPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ImprintPage', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) !== '/api/settings') return new Response('{}', { status: 404 });
        return new Response(JSON.stringify(settings), { headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setStoredUser(null);
  });

  it('shows one section per office, Germany, Switzerland, Austria, with contact persons', async () => {
    renderPage();

    const headings = await screen.findAllByRole('heading', {
      level: 2,
      name: /^(Germany|Switzerland|Austria)$/,
    });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Germany', 'Switzerland', 'Austria']);

    const germany = screen.getByRole('region', { name: 'Germany' });
    expect(within(germany).getByText('Beispiel Kaffee Bremen GmbH')).toBeTruthy();
    expect(within(germany).getByText(/Director Bremen/)).toBeTruthy();
    expect(
      within(germany).getByRole('link', { name: 'contact-germany@example.test' }).getAttribute('href'),
    ).toBe('mailto:contact-germany@example.test');
    expect(screen.getByText(/Mediabox is operated by Beispiel Kaffee Gruppe/)).toBeTruthy();
    expect(screen.getByText(/support@example\.test/)).toBeTruthy();
    expect(document.title).toBe('Mediabox – Imprint');
  });

  it('offers no way back to the portal to guests', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Germany' });
    expect(screen.queryByRole('link', { name: /back to the portal/i })).toBeNull();
  });

  it('offers signed-in users a link back to /', async () => {
    setStoredUser(user);
    renderPage();
    const link = await screen.findByRole('link', { name: /back to the portal/i });
    expect(link.getAttribute('href')).toBe('/');
  });
});
