import type { Order } from '@mediabox/contract';
import { ORDER_UPLOAD_FIELD } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { order } from '../testing/order-fixtures';
import { isDisabled, renderOrderRoutes, testUser, WhereAmI } from '../testing/render-order-page';
import { stubApi } from '../../../shared/testing/stub-api';
import { stubUploads, textParts } from '../../../shared/testing/stub-uploads';
import { OrderBasicsTab } from './basics-tab';

// MUI forms in jsdom are slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const button = (name: string) => screen.getByRole('button', { name });
const queryButton = (name: string) => screen.queryByRole('button', { name });

const crema = order(42, {
  name: 'Crema Regalkarton',
  articleId: 'ART-4711',
  gtin: '4006067084218',
  de: true,
  ch: true,
  status: 'pending',
  orderNumber: 'A-2026-000042',
  vertretung: 'vertretung@kaffee.example',
  internalDate: '2026-04-30',
  packshot: {
    ecommerce: true,
    single: false,
    tray: true,
    display: false,
    other: false,
    description: 'Freisteller',
    gtin: { ecommerce: '04006067084218', single: '', tray: '', display: '' },
    articleId: { display: '' },
  },
});

function renderTab(
  { superUser = false, shown = crema }: { superUser?: boolean; shown?: Order } = {},
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const api = stubApi(routes);
  const uploads = stubUploads(({ body }) => ({ body: { ...shown, name: body.get('name') ?? shown.name } }));
  const view = renderOrderRoutes(
    [
      { path: '/order/:id/:step', element: <OrderBasicsTab order={shown} /> },
      { path: '/orders', element: <WhereAmI /> },
    ],
    `/order/${shown._id}/0`,
    { user: testUser({ jde: true, isSuperUser: superUser }) },
  );
  return { api, uploads, ...view };
}

describe('order basics tab', () => {
  it('shows the order read-only with edit, and delete only for super users', async () => {
    renderTab();
    expect(await screen.findByText('A-2026-000042')).toBeTruthy();
    expect(screen.getByText('Crema Regalkarton')).toBeTruthy();
    expect(screen.getByText('Ready for review')).toBeTruthy();
    expect(screen.getByText('Germany, Switzerland')).toBeTruthy();
    expect(screen.getByText('E-commerce, Shelf carton/tray')).toBeTruthy();
    expect(screen.getByText('30/04/2026')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(button('Edit order')).toBeTruthy();
    expect(queryButton('Delete order')).toBeNull();
  });

  it('lets a super user delete after a yes, then goes to /orders', async () => {
    const { user, api } = renderTab(
      { superUser: true },
      { 'DELETE /api/order/42': { body: { success: true } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Delete order' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this order?' });
    expect(within(dialog).getByText(/A-2026-000042 will be deactivated/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', '/api/order/42')).toHaveLength(0);

    await user.click(button('Delete order'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByTestId('location')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/orders');
    expect(api.callsTo('DELETE', '/api/order/42')).toHaveLength(1);
    expect(await screen.findByText('Order deleted.')).toBeTruthy();
  });

  it('saves only the changed fields with the id, then shows the saved snackbar', async () => {
    const { user, uploads } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    const name = screen.getByLabelText(/^Article name/) as HTMLInputElement;
    expect(name.value).toBe('Crema Regalkarton');
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    // Nothing changed yet: nothing to save.
    expect(isDisabled(button('Save changes'))).toBe(true);

    await user.clear(name);
    await user.type(name, 'Crema Display');
    await user.click(screen.getByRole('checkbox', { name: 'Austria' }));
    await user.click(button('Save changes'));

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(textParts(uploads[0]!.body)).toEqual({
      _id: '42',
      name: 'Crema Display',
      at: 'true',
      packshot: expect.any(String) as string,
    });
    // The name ticked the display type, so the packshot changed too.
    expect(JSON.parse(textParts(uploads[0]!.body).packshot!)).toMatchObject({ display: true, tray: true });
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit order' })).toBeTruthy();
  });

  it('cancels without saving', async () => {
    const { user, uploads } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    await user.type(screen.getByLabelText(/^Description$/), 'Bitte schnell');
    await user.click(button('Cancel'));
    expect(button('Edit order')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });

  it('has no status field for super users either: the next actions move the order (issue 19)', async () => {
    const { user } = renderTab({ superUser: true });
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    expect(screen.getByLabelText(/^Article name/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Notify' })).toBeNull();
  });

  it('attaches new files to the order as newFiles', async () => {
    const { user, uploads } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Edit order' }));
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'detail.png', {
        type: 'image/png',
      }),
    ]);
    await user.click(button('Save changes'));

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(textParts(uploads[0]!.body)).toEqual({ _id: '42' });
    expect((uploads[0]!.body.getAll(ORDER_UPLOAD_FIELD) as File[]).map((file) => file.name)).toEqual([
      'detail.png',
    ]);
  });
});
