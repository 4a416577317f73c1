import { ORDER_FILE_MAX_BYTES, ORDER_UPLOAD_FIELD } from '@mediabox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ARTICLE_LOOKUP_DEBOUNCE_MS } from '../hooks/use-article-lookup';
import { order } from '../testing/order-fixtures';
import { isChecked, isDisabled, renderOrderRoutes } from '../testing/render-order-page';
import { stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import { stubUploads, textParts, type UploadAnswer } from '../../../shared/testing/stub-uploads';
import OrderCreatePage from './order-create-page';

// Typing into many MUI fields is slow in jsdom on the shared 2-core machines.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const button = (name: string) => screen.getByRole('button', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const nameField = () => field(/^Article name/);
/** Longer than the lookup's debounce, so a lookup that was going to start has started. */
const pastDebounce = () => new Promise((resolve) => setTimeout(resolve, ARTICLE_LOOKUP_DEBOUNCE_MS + 250));

const crema = { articleId: 'ART-4711', gtin: '4006067084218', name: 'Crema Regalkarton', country: 'de,ch' };

function renderCreate(
  routes: Parameters<typeof stubApi>[0] = {},
  answer?: () => UploadAnswer | Promise<UploadAnswer>,
) {
  const api = stubApi(routes);
  const uploads = stubUploads(answer ?? (() => ({ body: order(42, { orderNumber: 'A-2026-000042' }) })));
  return {
    api,
    uploads,
    ...renderOrderRoutes([{ path: '/order/add', element: <OrderCreatePage /> }], '/order/add'),
  };
}

const png = (name: string, size?: number) => {
  // A PNG signature: the form checks the bytes of chosen files as the server does.
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, {
    type: 'image/png',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** Pastes instead of typing key by key: long numbers typed one key at a time make jsdom crawl. */
async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function toSummary(user: UserEvent, files: File[] = []) {
  await user.click(button('Next'));
  if (files.length > 0) await user.upload(screen.getByLabelText('Choose files'), files);
  await user.click(button('Next'));
}

describe('order create wizard', () => {
  it('keeps next disabled on the first step until a name is present', async () => {
    const { user } = renderCreate();
    expect(await screen.findByRole('heading', { name: 'Create order' })).toBeTruthy();
    expect(isDisabled(button('Next'))).toBe(true);

    await user.type(nameField(), 'Crema');
    expect(isDisabled(button('Next'))).toBe(false);

    await user.clear(nameField());
    await user.tab();
    expect(isDisabled(button('Next'))).toBe(true);
    expect(screen.getByText('Required')).toBeTruthy();
  });

  it('ticks tray and display from the name without unticking what the user chose', async () => {
    const { user } = renderCreate();
    await user.type(await screen.findByLabelText(/^Article name/), 'Crema Regalkarton');
    expect(isChecked(checkbox('Shelf carton/tray'))).toBe(true);
    expect(isChecked(checkbox('Display'))).toBe(false);

    // Unticked on purpose: typing on must not tick it again.
    await user.click(checkbox('Shelf carton/tray'));
    await user.type(nameField(), ' Display');
    expect(isChecked(checkbox('Shelf carton/tray'))).toBe(false);
    expect(isChecked(checkbox('Display'))).toBe(true);

    // A name without the words unticks nothing.
    await user.clear(nameField());
    await user.type(nameField(), 'Crema');
    expect(isChecked(checkbox('Display'))).toBe(true);
    // The display type brings its own GTIN and article number fields.
    expect(field(/^GTIN display/)).toBeTruthy();
    expect(field(/^Display article number/)).toBeTruthy();
  });

  it('locks the fields of a change order until data or image change is ticked', async () => {
    const { user } = renderCreate();
    await user.click(await screen.findByRole('radio', { name: 'Change' }));
    expect(nameField().disabled).toBe(true);
    expect(field(/^GTIN$/).disabled).toBe(true);
    expect(isDisabled(checkbox('Germany'))).toBe(true);
    expect(screen.getByText(/Please choose first whether data or images/)).toBeTruthy();

    await user.click(checkbox('Image change'));
    expect(nameField().disabled).toBe(false);
    expect(isDisabled(checkbox('Germany'))).toBe(false);
    expect(screen.queryByText(/Please choose first whether data or images/)).toBeNull();
  });

  it('looks an article up above four characters in change mode and fills the form', async () => {
    const { user, api } = renderCreate({
      'GET /api/order/article': (_body, url) =>
        url.searchParams.get('gtin') === '40060' ? { body: crema } : { status: 404, body: {} },
    });
    await user.click(await screen.findByRole('radio', { name: 'Change' }));
    await user.click(checkbox('Data change'));
    await user.click(checkbox('Austria'));

    await user.type(field(/^GTIN$/), '4006');
    await pastDebounce();
    expect(api.callsTo('GET', '/api/order/article')).toHaveLength(0);

    await user.type(field(/^GTIN$/), '0');
    await waitFor(() => expect(field(/^Article number/).value).toBe('ART-4711'));
    expect(api.callsTo('GET', '/api/order/article')).toHaveLength(1);
    expect(nameField().value).toBe('Crema Regalkarton');
    expect(field(/^GTIN$/).value).toBe('40060');
    expect([checkbox('Germany'), checkbox('Austria'), checkbox('Switzerland')].map(isChecked)).toEqual([
      true,
      false,
      true,
    ]);
    expect(isChecked(checkbox('Shelf carton/tray'))).toBe(true);
  });

  it('looks up by article number in delisting mode and says when nothing is found', async () => {
    const { user, api } = renderCreate({ 'GET /api/order/article': { status: 404, body: {} } });
    await user.click(await screen.findByRole('radio', { name: 'Delisting' }));
    await user.type(field(/^Article number/), 'ART-9');
    expect(await screen.findByText('No article found with this number.')).toBeTruthy();
    const [call] = api.callsTo('GET', '/api/order/article');
    expect(call).toBeDefined();
    expect(nameField().value).toBe('');
  });

  it('does not look anything up for a new article', async () => {
    const { user, api } = renderCreate({ 'GET /api/order/article': { body: crema } });
    await fill(user, await screen.findByLabelText(/^GTIN$/), '4006067084218');
    await pastDebounce();
    expect(api.callsTo('GET', '/api/order/article')).toHaveLength(0);
    expect(nameField().value).toBe('');
  });

  it('lists chosen and dropped files and refuses one over the size limit', async () => {
    const { user } = renderCreate();
    await user.type(await screen.findByLabelText(/^Article name/), 'Crema');
    await user.click(button('Next'));
    expect(screen.getByText('No files chosen yet.')).toBeTruthy();
    expect(screen.getByLabelText('Choose files').getAttribute('accept')).toBe('image/*,application/*');

    await user.upload(screen.getByLabelText('Choose files'), [png('front.png')]);
    fireEvent.drop(screen.getByRole('group', { name: 'Drop files here' }), {
      dataTransfer: { files: [png('back.png'), png('huge.png', ORDER_FILE_MAX_BYTES + 1)] },
    });

    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(within(list).getByText('front.png')).toBeTruthy();
    expect(within(list).getByText('back.png')).toBeTruthy();
    expect(within(list).queryByText('huge.png')).toBeNull();
    const refused = screen.getByRole('list', { name: 'Files not added' });
    expect(within(refused).getByText('huge.png')).toBeTruthy();
    expect(within(refused).getByText('Larger than 2 GB – not added.')).toBeTruthy();

    await user.click(button('Remove front.png'));
    expect(within(list).queryByText('front.png')).toBeNull();
  });

  it('creates the order as multipart with progress and thanks with the order number', async () => {
    let finish: (answer: UploadAnswer) => void = () => undefined;
    const { user, uploads } = renderCreate(
      {},
      () =>
        new Promise<UploadAnswer>((resolve) => {
          finish = resolve;
        }),
    );
    await user.type(await screen.findByLabelText(/^Article name/), 'Crema Regalkarton');
    await fill(user, field(/^GTIN$/), '4006067084218');
    await user.click(checkbox('Germany'));
    await user.click(checkbox('E-commerce'));
    await fill(user, field(/^GTIN e-commerce/), '04006067084218');
    await fill(user, field(/^Stand-ins/), 'vertretung@kaffee.example');
    await toSummary(user, [png('front.png'), png('back.png')]);

    // The summary repeats what goes out.
    expect(screen.getByText('Crema Regalkarton')).toBeTruthy();
    expect(screen.getByText('E-commerce, Shelf carton/tray')).toBeTruthy();
    expect(screen.getByText(/^front\.png/)).toBeTruthy();
    await user.click(button('Create order'));

    await waitFor(() => expect(uploads).toHaveLength(1));
    const upload = uploads[0]!;
    expect([upload.method, upload.url]).toEqual(['PUT', '/api/order']);
    const parts = textParts(upload.body);
    expect(parts).toMatchObject({
      name: 'Crema Regalkarton',
      gtin: '4006067084218',
      new: 'yes',
      de: 'true',
      at: 'false',
      ch: 'false',
      vertretung: 'vertretung@kaffee.example',
    });
    expect('_id' in parts).toBe(false);
    expect(JSON.parse(parts.packshot!)).toMatchObject({
      ecommerce: true,
      tray: true,
      gtin: { ecommerce: '04006067084218', single: '', tray: '', display: '' },
    });
    expect((upload.body.getAll(ORDER_UPLOAD_FIELD) as File[]).map((file) => file.name)).toEqual([
      'front.png',
      'back.png',
    ]);

    await upload.progress(40, 100);
    expect(screen.getByText('40 % uploaded')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    expect(isDisabled(button('Create order'))).toBe(true);

    finish({ body: order(42, { orderNumber: 'A-2026-000042' }) });
    expect(await screen.findByText(/Your order A-2026-000042 has been created/)).toBeTruthy();
    expect(screen.getByText(/confirmation e-mail will follow/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the order' }).getAttribute('href')).toBe('/order/42/0');
    expect(screen.getByRole('link', { name: 'Go to all orders' }).getAttribute('href')).toBe('/orders');
  });

  it('goes back to the first step and marks the field the server refused', async () => {
    const { user } = renderCreate({}, () => ({
      status: 400,
      body: {
        error: {
          code: 'order.errors.invalidRecipient',
          message: 'Invalid body',
          fields: [{ path: 'vertretung', code: 'order.errors.invalidRecipient' }],
        },
      },
    }));
    await user.type(await screen.findByLabelText(/^Article name/), 'Crema');
    await toSummary(user);
    await user.click(button('Create order'));

    expect(await screen.findByText('Please enter valid e-mail addresses, separated by commas.')).toBeTruthy();
    expect(screen.getByText('Please check the marked fields.')).toBeTruthy();
    expect(nameField().value).toBe('Crema');
    expect(isDisabled(button('Next'))).toBe(true);
  });

  it("suggests the recipients of the user's newest order, but never over what the user typed", async () => {
    const own = (id: number, createdAt: string, vertretung: string) =>
      order(id, { createdBy: 7, createdAt, vertretung });
    const search: StubAnswer = {
      body: {
        orders: [
          own(1, '2026-01-01T10:00:00.000Z', 'alt@kaffee.example'),
          own(2, '2026-03-01T10:00:00.000Z', 'neu@kaffee.example'),
          order(3, {
            createdBy: 8,
            createdAt: '2026-04-01T10:00:00.000Z',
            vertretung: 'fremd@kaffee.example',
          }),
        ],
      },
    };
    const { unmount } = renderCreate({ 'POST /api/order/search': search });
    await waitFor(() => expect(field(/^Stand-ins/).value).toBe('neu@kaffee.example'));
    unmount();

    let answer: (value: StubAnswer) => void = () => undefined;
    const { user, api } = renderCreate({
      'POST /api/order/search': () =>
        new Promise<StubAnswer>((resolve) => {
          answer = resolve;
        }),
    });
    await fill(user, await screen.findByLabelText(/^Stand-ins/), 'ich@kaffee.example');
    await waitFor(() => expect(api.callsTo('POST', '/api/order/search')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/order/search')[0]?.body).toEqual({
      data: 'anna.beispiel@example.com',
      customField: 'username',
    });
    answer(search);
    await pastDebounce();
    expect(field(/^Stand-ins/).value).toBe('ich@kaffee.example');
  });
});
