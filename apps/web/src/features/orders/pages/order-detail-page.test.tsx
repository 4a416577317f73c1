import type { Order } from '@mediabox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyEntry, order, orderFile } from '../testing/order-fixtures';
import { isChecked, isDisabled, renderOrderRoutes, testUser, WhereAmI } from '../testing/render-order-page';
import { apiError, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import OrderDetailPage from './order-detail-page';

// The Basisdaten tab is another screen with its own tests; here it only has to be the first tab.
vi.mock('../components/basics-tab', () => ({
  OrderBasicsTab: ({ order: shown }: { order: Order }) => <p>Basic data of {shown.name}</p>,
}));

// Rendering MUI dialogs in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const page = (
  <>
    <OrderDetailPage />
    <WhereAmI />
  </>
);
const routes = [
  { path: '/order/:id', element: page },
  { path: '/order/:id/:step', element: page },
];

function renderOrder(
  shown: Order,
  url: string,
  {
    user = testUser({ jde: true }),
    extra = {},
  }: {
    user?: ReturnType<typeof testUser>;
    extra?: Record<string, StubAnswer | ((body: unknown) => StubAnswer)>;
  } = {},
) {
  const api = stubApi({ [`GET /api/order/${shown._id}`]: { body: shown }, ...extra });
  return { api, ...renderOrderRoutes(routes, url, { user }) };
}

const location = () => screen.getByTestId('location').textContent;

describe('order detail page (spec 2.10)', () => {
  it("says 'Order not found' for an unknown order", async () => {
    stubApi({ 'GET /api/order/99': apiError(404, 'order.errors.notFound') });
    renderOrderRoutes(routes, '/order/99');
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found');
  });

  it('shows name and order number, the file count, and the basic data on /order/{id}', async () => {
    renderOrder(order(1, { files: [orderFile(1), orderFile(2)] }), '/order/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kaffee 1' })).toBeTruthy();
    expect(screen.getByText('Order number A-2026-000001')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Basic data',
      'Files (2)',
      'Approval & corrections',
      'History',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Basic data');
    expect(screen.getByText('Basic data of Kaffee 1')).toBeTruthy();
  });

  it('disables the review tab while the order is new, and shows the basic data instead', async () => {
    renderOrder(order(1, { status: 'new' }), '/order/1/2');
    await screen.findByText('Basic data of Kaffee 1');
    expect(isDisabled(screen.getByRole('tab', { name: 'Approval & corrections' }))).toBe(true);
  });

  it('navigates to /order/{id}/{step} when a tab is chosen', async () => {
    const { user } = renderOrder(order(1, { status: 'pending' }), '/order/1/0');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    await waitFor(() => expect(location()).toBe('/order/1/3'));
    expect(await screen.findByRole('list', { name: 'History of the order' })).toBeTruthy();
  });
});

describe('Dateien tab', () => {
  const files = [
    orderFile(1, { originalname: 'front.jpg' }),
    orderFile(2, { originalname: 'back.jpg' }),
    orderFile(3, {
      originalname: 'briefing.pdf',
      mimetype: 'application/pdf',
      thumbUrl: null,
      previewUrl: null,
    }),
  ];
  const dialogTitle = () => within(screen.getByRole('dialog')).getByRole('heading').textContent;

  it('shows thumbnails, and a file icon with the name for files that are no images', async () => {
    renderOrder(order(1, { status: 'pending', files }), '/order/1/1');
    const list = await screen.findByRole('list', { name: 'Files of the order' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['front.jpg', 'back.jpg', 'briefing.pdf']);
    expect(list.querySelectorAll('img').length).toBe(2);
  });

  it('pages through the preview with the arrow keys and buttons, stopping at either end', async () => {
    const { user } = renderOrder(order(1, { status: 'pending', files }), '/order/1/1');
    await user.click(await screen.findByRole('button', { name: 'Open preview of back.jpg' }));
    expect(dialogTitle()).toBe('back.jpg');
    expect(screen.getByText('File 2 of 3')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Preview of back.jpg' }).getAttribute('src')).toBe(
      '/api/file/2/preview?exp=1&sig=a',
    );

    await user.keyboard('{ArrowRight}');
    expect(dialogTitle()).toBe('briefing.pdf');
    expect(screen.getByText('There is no preview for this file.')).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Next file' }))).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect(dialogTitle()).toBe('briefing.pdf');

    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{ArrowLeft}');
    expect(dialogTitle()).toBe('front.jpg');
    expect(isDisabled(screen.getByRole('button', { name: 'Previous file' }))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next file' }));
    expect(dialogTitle()).toBe('back.jpg');

    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/api/uploads/upload-2.jpg?u=1&exp=1&sig=a');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the delete button disabled to users who are not super users', async () => {
    const { user, api } = renderOrder(order(1, { status: 'pending', files }), '/order/1/1');
    await user.click(await screen.findByRole('button', { name: 'Open preview of front.jpg' }));
    const remove = within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' });
    expect(isDisabled(remove)).toBe(true);
    fireEvent.click(remove);
    expect(screen.queryByRole('dialog', { name: 'Delete file?' })).toBeNull();
    expect(api.callsTo('DELETE', '/api/order')).toHaveLength(0);
  });

  it('lets super users delete a file after a yes, and shows the order the server answers', async () => {
    const withFiles = order(1, { status: 'pending', files });
    const { user, api } = renderOrder(withFiles, '/order/1/1', {
      user: testUser({ isSuperUser: true }),
      extra: { 'DELETE /api/order': { body: { ...withFiles, files: files.slice(1) } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Open preview of front.jpg' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete file?' });
    expect(confirm.textContent).toContain('“front.jpg” will be removed from the order.');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete file?' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/order')).toHaveLength(0);

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete file?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', '/api/order')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/order')[0]!.body).toEqual({ orderId: 1, fileId: 1 });
    expect(await screen.findByText('The file has been deleted.')).toBeTruthy();
    // The page behind the open preview is hidden from the accessibility tree, hence `hidden`.
    expect(screen.getByRole('tab', { name: 'Files (2)', hidden: true })).toBeTruthy();
    // The preview stays open at the same place, now showing the next file.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete file?' })).toBeNull());
    const preview = await screen.findByRole('dialog', { name: 'back.jpg' });
    expect(within(preview).getByText('File 1 of 2')).toBeTruthy();
  });
});

describe('Freigabe & Korrekturen tab', () => {
  const pending = order(1, {
    status: 'pending',
    history: [
      historyEntry('CREATED', new Date(2026, 2, 1, 9, 0, 0), { field: 'status', to: 'new' }),
      historyEntry(
        'REJECTED',
        new Date(2026, 2, 2, 9, 0, 0),
        { field: 'status', from: 'pending', to: 'rejected', comment: 'Logo zu klein' },
        'jde@example.com',
      ),
      historyEntry(
        'REJECTED',
        new Date(2026, 2, 3, 9, 0, 0),
        { field: 'status', from: 'pending', to: 'rejected', comment: 'Hintergrund weiß' },
        'jde@example.com',
      ),
    ],
  });

  it('shows the corrections asked for so far, newest first', async () => {
    renderOrder(pending, '/order/1/2');
    const section = (await screen.findByRole('heading', { name: 'Previous corrections' })).parentElement!;
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '03/03/2026, 09:00 · jde@example.comHintergrund weiß',
      '02/03/2026, 09:00 · jde@example.comLogo zu klein',
    ]);
  });
});

describe('status stepper and next actions (issue 19)', () => {
  const pending = order(1, { status: 'pending' });
  const actions = () =>
    within(screen.getByRole('group', { name: 'Next steps' }))
      .getAllByRole('button')
      .map((shown) => shown.textContent);
  const currentStep = () =>
    within(screen.getByRole('list', { name: 'Status of the order' }))
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step')
      // The label without the step's number icon.
      ?.querySelector('.MuiStepLabel-labelContainer')?.textContent;

  it('offers each status its own next actions, and super users nothing that skips the review', async () => {
    const boss = testUser({ isSuperUser: true });
    const cases: [Order['status'], string[], string][] = [
      ['new', ['Send for review'], 'In progress'],
      ['pending', ['Approve', 'Request correction'], 'Ready for review'],
      ['rejected', ['Send for review'], 'RejectedCorrection requested'],
      ['accepted', ['Complete'], 'Accepted'],
    ];
    for (const [status, expected, step] of cases) {
      const view = renderOrder(order(1, { status }), '/order/1/0', { user: boss });
      await screen.findByRole('heading', { level: 1 });
      expect(actions(), status).toEqual(expected);
      expect(currentStep(), status).toBe(step);
      view.unmount();
    }
    renderOrder(order(1, { status: 'completed' }), '/order/1/0', { user: boss });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('group', { name: 'Next steps' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('lets a reviewer only approve or ask for a correction of a pending order', async () => {
    const view = renderOrder(order(1, { status: 'accepted' }), '/order/1/0');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('group', { name: 'Next steps' })).toBeNull();
    view.unmount();
    renderOrder(pending, '/order/1/0');
    await screen.findByRole('heading', { level: 1 });
    expect(actions()).toEqual(['Approve', 'Request correction']);
  });

  it('approves with one click, posting the accepted status', async () => {
    const { user, api } = renderOrder(pending, '/order/1/0', {
      extra: { 'POST /api/order/1': { body: { ...pending, status: 'accepted' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/order/1')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/order/1')[0]!.body).toEqual({ status: 'accepted' });
    expect(await screen.findByText('The order is accepted.')).toBeTruthy();
    await waitFor(() => expect(currentStep()).toBe('Accepted'));
  });

  it('asks for the correction in a dialog: sending stays disabled until there is one, then posts it', async () => {
    const { user, api } = renderOrder(pending, '/order/1/0', {
      extra: { 'POST /api/order/1': { body: { ...pending, status: 'rejected' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Request correction' }));
    const dialog = screen.getByRole('dialog', { name: 'Request correction' });
    const comment = within(dialog).getByRole('textbox', { name: /Correction/ });
    const send = within(dialog).getByRole('button', { name: 'Send correction' });
    expect(isDisabled(send)).toBe(true);
    await user.type(comment, '   ');
    expect(isDisabled(send)).toBe(true);
    await user.type(comment, 'Bitte Schatten entfernen ');
    await user.click(send);
    await waitFor(() => expect(api.callsTo('POST', '/api/order/1')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/order/1')[0]!.body).toEqual({
      status: 'rejected',
      comment: 'Bitte Schatten entfernen',
    });
    expect(await screen.findByText('The correction has been requested.')).toBeTruthy();
  });

  it('completes an accepted order with the notify choice', async () => {
    const accepted = order(1, { status: 'accepted' });
    const { user, api } = renderOrder(accepted, '/order/1/0', {
      user: testUser({ isSuperUser: true }),
      extra: { 'POST /api/order/1': { body: { ...accepted, status: 'completed', notify: true } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const dialog = screen.getByRole('dialog', { name: 'Complete the order?' });
    const notify = within(dialog).getByRole('checkbox', { name: 'Notify' });
    expect(isChecked(notify)).toBe(false);
    await user.click(notify);
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/order/1')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/order/1')[0]!.body).toEqual({ status: 'completed', notify: true });
    expect(await screen.findByText('The order is completed.')).toBeTruthy();
  });

  it('shows the server’s error code translated', async () => {
    const { user } = renderOrder(pending, '/order/1/0', {
      extra: { 'POST /api/order/1': apiError(409, 'order.errors.notReviewable') },
    });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('The order is not ready for review, so it cannot be approved or rejected.'),
    ).toBeTruthy();
  });
});

describe('Verlauf tab', () => {
  it('lists the history newest first, grouping the entries of one second under one time', async () => {
    const history = [
      historyEntry('CREATED', new Date(2026, 2, 5, 9, 0, 0, 100), { field: 'status', to: 'new' }),
      historyEntry('FILE_ADDED', new Date(2026, 2, 5, 9, 0, 0, 900), { fileId: 1, filename: 'a.pdf' }),
      historyEntry(
        'CHANGED',
        new Date(2026, 2, 5, 9, 0, 1, 0),
        { field: 'status', from: 'new', to: 'pending' },
        'max@example.com',
      ),
      historyEntry(
        'CHANGED',
        new Date(2026, 2, 6, 14, 30, 5, 200),
        { field: 'change', from: { data: false, packshot: false }, to: { data: true, packshot: true } },
        'max@example.com',
      ),
      historyEntry(
        'CHANGED',
        new Date(2026, 2, 6, 14, 30, 5, 700),
        { field: 'internalDate', from: '', to: '2026-04-01' },
        'max@example.com',
      ),
      historyEntry(
        'REJECTED',
        new Date(2026, 2, 7, 8, 0, 0),
        { field: 'status', from: 'pending', to: 'rejected', comment: 'Logo zu klein' },
        'jde@example.com',
      ),
      historyEntry('IMAGE_REMOVED', new Date(2026, 2, 8, 8, 0, 0), { fileId: 2, filename: 'front.jpg' }),
      historyEntry('INFO', new Date(2026, 2, 9, 8, 0, 0), { field: 'active', from: true, to: false }),
    ];
    renderOrder(order(1, { status: 'rejected', history }), '/order/1/3');
    const timeline = await screen.findByRole('list', { name: 'History of the order' });
    const groups = within(timeline)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === timeline);
    const read = (group: HTMLElement) => ({
      heading: within(group).getByRole('heading').textContent,
      entries: within(group)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    });
    expect(groups.map(read)).toEqual([
      {
        heading: '09/03/2026, 08:00:00 · anna.beispiel@example.com',
        entries: ['Information – Active: Yes → No'],
      },
      {
        heading: '08/03/2026, 08:00:00 · anna.beispiel@example.com',
        entries: ['Image “front.jpg” removed'],
      },
      {
        heading: '07/03/2026, 08:00:00 · jde@example.com',
        entries: ['Order rejectedReason: Logo zu klein'],
      },
      {
        heading: '06/03/2026, 14:30:05 · max@example.com',
        entries: [
          'Scope of change changed: empty → Data, Images',
          'Internal deadline changed: empty → 01/04/2026',
        ],
      },
      {
        heading: '05/03/2026, 09:00:01 · max@example.com',
        entries: ['Status changed: In progress → Ready for review'],
      },
      {
        heading: '05/03/2026, 09:00:00 · anna.beispiel@example.com',
        entries: ['Order created', 'File “a.pdf” added'],
      },
    ]);
  });
});
