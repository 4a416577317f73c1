import { SEND_MAX_RECIPIENTS } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CartPage from '../pages/cart-page';
import { asset, cartAnswer } from '../testing/fixtures';
import { isChecked, isDisabled, renderCartRoute } from '../testing/render-cart';
import { apiError, deferred, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

const cart = { 'GET /api/cart/': { body: cartAnswer([asset(1)], { 1: [1100] }) } };

async function openDialog() {
  const view = renderCartRoute({ path: '/cart', element: <CartPage /> }, '/cart');
  await screen.findByRole('table');
  await view.user.click(screen.getByRole('button', { name: 'Send' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send cart' });
  const field = (name: string) => within(dialog).getByRole('textbox', { name }) as HTMLInputElement;
  // Pasting is one input event: typing each key into MUI fields in jsdom is slow.
  const fill = async (name: string, text: string) => {
    await view.user.click(field(name));
    await view.user.paste(text);
  };
  return { ...view, dialog, field, fill };
}

describe('send dialog (spec 2.6, 4, 5)', () => {
  it('has recipient, subject, a 4-row text and copy-to-me; send waits for a valid address', async () => {
    stubApi(cart);
    const { dialog, field, user } = await openDialog();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(field('Subject')).toBeTruthy();
    expect(field('Message').getAttribute('rows')).toBe('4');
    expect(within(dialog).getByRole('checkbox', { name: 'Send me a copy' })).toBeTruthy();
    expect(isDisabled(send)).toBe(true);
    expect(field('Recipient').getAttribute('aria-invalid')).toBe('false');

    await user.type(field('Recipient'), 'agentur@example');
    expect(isDisabled(send)).toBe(true);
    expect(field('Recipient').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Please enter a valid e-mail address.')).toBeTruthy();

    await user.type(field('Recipient'), '.com');
    expect(isDisabled(send)).toBe(false);
    expect(field('Recipient').getAttribute('aria-invalid')).toBe('false');
  });

  it('sends once, then shows the success title, locks the fields and offers only close', async () => {
    const answer = deferred<StubAnswer>();
    const api = stubApi({ ...cart, 'POST /api/cart/send': () => answer.promise });
    const { dialog, field, fill, user } = await openDialog();
    await fill('Recipient', ' Agentur@Example.com ');
    await fill('Subject', 'Bilder');
    await fill('Message', 'Hallo');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send me a copy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    // While loading: no second send.
    await waitFor(() => expect(isDisabled(within(dialog).getByRole('button', { name: 'Send' }))).toBe(true));
    answer.resolve({ body: { success: true, filename: 'AAAAAAAAAAAAAAAAAAAAAA.zip' } });

    expect(await within(dialog).findByRole('heading', { name: 'The cart has been sent.' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'The cart has been sent.' })).toBe(dialog);
    for (const name of ['Recipient', 'Subject', 'Message']) expect(isDisabled(field(name))).toBe(true);
    expect(isDisabled(within(dialog).getByRole('checkbox', { name: 'Send me a copy' }))).toBe(true);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
    expect(api.callsTo('POST', '/api/cart/send').map((call) => call.body)).toEqual([
      {
        form: { email: 'Agentur@Example.com', subject: 'Bilder', text: 'Hallo', copyCheckbox: true },
        lang: 'en',
      },
    ]);
    // Spec 8: the success also shows as a snackbar (above the dialog's backdrop, outside its focus trap).
    expect(
      within(screen.getByRole('alert', { hidden: true })).getByText('The cart has been sent.'),
    ).toBeTruthy();
  });

  it('starts fresh when the dialog opens again', async () => {
    stubApi({ ...cart, 'POST /api/cart/send': { body: { success: true, filename: 'x.zip' } } });
    const { dialog, fill, user } = await openDialog();
    await fill('Recipient', 'agentur@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Send' }));
    const again = await screen.findByRole('dialog', { name: 'Send cart' });
    const recipient = within(again).getByRole('textbox', { name: 'Recipient' }) as HTMLInputElement;
    expect(recipient.value).toBe('');
    expect(isDisabled(recipient)).toBe(false);
  });

  it('resets to "not sent" when the success snackbar closes', async () => {
    stubApi({ ...cart, 'POST /api/cart/send': { body: { success: true, filename: 'x.zip' } } });
    const { dialog, field, fill, user } = await openDialog();
    await fill('Recipient', 'agentur@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const snackbar = await screen.findByRole('alert', { hidden: true });
    await user.click(within(snackbar).getByRole('button', { name: 'Close', hidden: true }));
    expect(await within(dialog).findByRole('heading', { name: 'Send cart' })).toBeTruthy();
    expect(field('Recipient').value).toBe('');
    expect(isDisabled(field('Recipient'))).toBe(false);
    expect(isChecked(within(dialog).getByRole('checkbox', { name: 'Send me a copy' }))).toBe(false);
  });

  it('shows the server’s field errors translated and keeps the form open', async () => {
    stubApi({
      ...cart,
      'POST /api/cart/send': apiError(400, 'errors.validation', [
        { path: 'form.subject', code: 'errors.tooLong' },
      ]),
    });
    const { dialog, field, fill, user } = await openDialog();
    await fill('Recipient', 'agentur@example.com');
    await fill('Subject', 'Sehr lang');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('The input is too long.')).toBeTruthy();
    expect(field('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(isDisabled(field('Subject'))).toBe(false);
    expect(within(dialog).getByRole('heading', { name: 'Send cart' })).toBeTruthy();
  });

  it('sends several addresses, each getting its own link, and says how many (issue 20.2)', async () => {
    const api = stubApi({ ...cart, 'POST /api/cart/send': { body: { success: true, filename: 'x.zip' } } });
    const { dialog, field, fill, user } = await openDialog();
    expect(within(dialog).getByText(/Each recipient gets their own link/)).toBeTruthy();
    await fill('Recipient', 'agentur@example.com;\nDruckerei@Example.org ');
    expect(field('Recipient').getAttribute('aria-invalid')).toBe('false');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('heading', { name: 'The cart has been sent.' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/cart/send').map((call) => call.body)).toEqual([
      {
        form: {
          email: 'agentur@example.com, Druckerei@Example.org',
          subject: '',
          text: '',
          copyCheckbox: false,
        },
        lang: 'en',
      },
    ]);
    const snackbar = screen.getByRole('alert', { hidden: true });
    expect(within(snackbar).getByText('Each of the 2 recipients got their own link.')).toBeTruthy();
  });

  it('names the wrong address among several and sends nothing', async () => {
    const api = stubApi({ ...cart, 'POST /api/cart/send': { body: { success: true, filename: 'x.zip' } } });
    const { dialog, field, fill, user } = await openDialog();
    await fill('Recipient', 'agentur@example.com, druckerei@example');
    expect(field('Recipient').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Not a valid e-mail address: druckerei@example')).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(isDisabled(send)).toBe(true);
    // Enter in the form (a submit without the button) sends nothing either.
    await user.type(field('Subject'), '{Enter}');
    expect(api.callsTo('POST', '/api/cart/send')).toEqual([]);
  });

  it('refuses more than SEND_MAX_RECIPIENTS addresses before sending', async () => {
    stubApi(cart);
    const { dialog, fill } = await openDialog();
    const eleven = Array.from({ length: SEND_MAX_RECIPIENTS + 1 }, (_, index) => `a${index}@example.com`);
    await fill('Recipient', eleven.join(' '));
    expect(within(dialog).getByText('Please enter at most 10 addresses at a time.')).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole('button', { name: 'Send' }))).toBe(true);
  });

  it('shows an error without fields as text', async () => {
    stubApi({ ...cart, 'POST /api/cart/send': apiError(400, 'cart.errors.noFiles') });
    const { dialog, fill, user } = await openDialog();
    await fill('Recipient', 'agentur@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('No format is chosen in the cart.')).toBeTruthy();
  });
});
