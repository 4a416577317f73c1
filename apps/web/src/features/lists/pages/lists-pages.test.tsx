import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { apiError, stubApi } from '../../../shared/testing/stub-api';
import { listAnswer, listItem, renderListRoutes } from '../testing/render-lists';
import ListPage from './list-page';
import ListsPage from './lists-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  { path: '/lists', element: <ListsPage /> },
  { path: '/lists/:id', element: <ListPage /> },
];

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

describe('the lists page (issue 22.4)', () => {
  it('shows my lists and those shared with me, with their owner', async () => {
    await i18n.changeLanguage('de');
    stubApi({
      'GET /api/lists': {
        body: {
          own: [
            {
              id: 7,
              name: 'Messe Frühjahr 2027',
              itemCount: 3,
              updatedAt: '2026-11-27T10:00:00Z',
              owner: 'Ich',
            },
          ],
          shared: [
            {
              id: 9,
              name: 'Neuheiten',
              itemCount: 1,
              updatedAt: '2026-11-27T10:00:00Z',
              owner: 'Max Vertrieb',
            },
          ],
        },
      },
    });
    renderListRoutes(routes, '/lists');
    const mine = await screen.findByRole('region', { name: 'Meine Listen' });
    expect(
      within(mine)
        .getByRole('link', { name: /Messe Frühjahr 2027/ })
        .getAttribute('href'),
    ).toBe('/lists/7');
    expect(within(mine).getByText('3 Medien')).toBeTruthy();
    const shared = screen.getByRole('region', { name: 'Mit mir geteilt' });
    expect(within(shared).getByText(/1 Medium · von Max Vertrieb/)).toBeTruthy();
  });

  it('creates a list and opens it', async () => {
    await i18n.changeLanguage('en');
    const api = stubApi({
      'GET /api/lists': { body: { own: [], shared: [] } },
      'POST /api/lists': { status: 201, body: listAnswer({ list: { ...listAnswer().list, name: 'Fair' } }) },
      'GET /api/lists/7': { body: listAnswer() },
    });
    const { user, router } = renderListRoutes(routes, '/lists');
    expect(await screen.findByText(/You have no list yet/)).toBeTruthy();
    expect(screen.getByText('Nobody has shared a list with you.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New list' }));
    await user.type(screen.getByLabelText('Name of the list'), 'Fair');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists/7'));
    expect(api.callsTo('POST', '/api/lists')[0]!.body).toEqual({ name: 'Fair' });
  });
});

describe('a list (issue 22.4)', () => {
  it('greys a withdrawn item as withdrawn, without picture or link, and removes items', async () => {
    await i18n.changeLanguage('de');
    const items = [listItem(1, 'Caffè Crema'), listItem(2, 'Lungo', true)];
    const api = stubApi({
      'GET /api/lists/7': { body: listAnswer({ items }) },
      'DELETE /api/lists/7/items': { body: listAnswer({ items: [items[1]!] }) },
      'GET /api/lists': { body: { own: [], shared: [] } },
    });
    const { user } = renderListRoutes(routes, '/lists/7');
    const list = await screen.findByRole('list', { name: 'Medien der Liste' });
    const withdrawn = within(list).getByRole('listitem', { name: 'Lungo' });
    expect(within(withdrawn).getByText('Zurückgezogen')).toBeTruthy();
    expect(within(withdrawn).queryByRole('link')).toBeNull();
    expect(withdrawn.querySelector('img')).toBeNull();
    const visible = within(list).getByRole('listitem', { name: 'Caffè Crema' });
    expect(within(visible).getByRole('link', { name: 'Caffè Crema' }).getAttribute('href')).toBe('/asset/1');

    await user.click(within(visible).getByRole('button', { name: 'Caffè Crema aus der Liste entfernen' }));
    await waitFor(() => expect(within(list).queryByRole('listitem', { name: 'Caffè Crema' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/lists/7/items')[0]!.body).toEqual({ assetIds: [1] });
  });

  it('puts the whole list into the cart and says what was left out', async () => {
    await i18n.changeLanguage('de');
    const api = stubApi({
      'GET /api/lists/7': {
        body: listAnswer({ items: [listItem(1, 'Caffè Crema'), listItem(2, 'Lungo', true)] }),
      },
      'POST /api/lists/7/cart': { body: { assetIds: [1], count: 1, skipped: [2] } },
      'GET /api/cart/': { body: { items: [], cartItems: [] } },
    });
    const { user } = renderListRoutes(routes, '/lists/7');
    await user.click(await screen.findByRole('button', { name: 'In den Warenkorb' }));
    expect(
      await screen.findByText(/1 zurückgezogene oder nicht verfügbare Medien wurden ausgelassen/),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/lists/7/cart')).toHaveLength(1);
  });

  it('shares by address, shows the shares, and explains an unknown address', async () => {
    await i18n.changeLanguage('de');
    const share = {
      userId: 4,
      email: 'max@partner.example',
      name: 'Max Vertrieb',
      sharedAt: '2026-11-27T10:00:00Z',
    };
    const api = stubApi({
      'GET /api/lists/7': { body: listAnswer() },
      'POST /api/lists/7/shares': (body) =>
        (body as { email: string }).email === 'max@partner.example'
          ? { body: listAnswer({ shares: [share] }) }
          : apiError(404, 'lists.errors.unknownUser'),
      'DELETE /api/lists/7/shares/4': { body: listAnswer() },
      'GET /api/lists': { body: { own: [], shared: [] } },
    });
    const { user } = renderListRoutes(routes, '/lists/7');
    await user.click(await screen.findByRole('button', { name: 'Teilen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liste teilen' });
    expect(within(dialog).getByText('Noch mit niemandem geteilt.')).toBeTruthy();
    const field = within(dialog).getByLabelText('E-Mail-Adresse');
    await user.type(field, 'niemand@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(
      await screen.findByText('Zu dieser Adresse gibt es keinen freigeschalteten Zugang im Portal.'),
    ).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'max@partner.example');
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(await within(dialog).findByText('Max Vertrieb')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Freigabe für Max Vertrieb entfernen' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/lists/7/shares/4')).toHaveLength(1));
  });

  it('renames, and deletes only after the confirmation', async () => {
    await i18n.changeLanguage('en');
    const api = stubApi({
      'GET /api/lists/7': { body: listAnswer() },
      'PATCH /api/lists/7': (body) => ({
        body: listAnswer({ list: { ...listAnswer().list, name: (body as { name: string }).name } }),
      }),
      // The server's 204 carries no JSON; an empty non-JSON answer is what the client reads of it.
      'DELETE /api/lists/7': { raw: { bytes: '', type: 'text/plain' } },
      'GET /api/lists': { body: { own: [], shared: [] } },
    });
    const { user, router } = renderListRoutes(routes, '/lists/7');
    await user.click(await screen.findByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Name of the list');
    await user.clear(field);
    await user.type(field, 'Fair 2028');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Fair 2028' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the list “Fair 2028”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', '/api/lists/7')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete the list “Fair 2028”?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists'));
  });

  it('is read-only for a user it is shared with', async () => {
    await i18n.changeLanguage('fr');
    stubApi({
      'GET /api/lists/7': { body: listAnswer({ mine: false, items: [listItem(1, 'Caffè Crema')] }) },
    });
    renderListRoutes(routes, '/lists/7');
    expect(await screen.findByText(/Partagée avec vous par Erika Muster/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeTruthy();
    for (const name of ['Partager', 'Renommer', 'Supprimer', 'Retirer Caffè Crema de la liste']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('says so when the list cannot be seen', async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /api/lists/7': apiError(404, 'lists.errors.notFound') });
    renderListRoutes(routes, '/lists/7');
    expect(await screen.findByText('This list does not exist, or it is not shared with you.')).toBeTruthy();
  });
});
