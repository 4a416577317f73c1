import type { Message, RecipientLink } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { apiError, stubApi } from '../../../shared/testing/stub-api';
import { message, recipientLink } from '../testing/fixtures';
import { isDisabled, renderCartRoute } from '../testing/render-cart';
import MessagesPage from './messages-page';

vi.setConfig({ testTimeout: 20_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const route = { path: '/messages', element: <MessagesPage /> };
const at = (day: number, hour: number, minute: number) => new Date(2026, 2, day, hour, minute).toISOString();

const OPENED = recipientLink('agentur@example.com', {
  firstOpenedAt: at(5, 10, 15),
  lastActivityAt: at(6, 8, 30),
  downloads: [
    { kind: 'zip', name: null, at: at(6, 8, 30), complete: false },
    { kind: 'file', name: '04006067084218_C1C1.jpg', at: at(5, 10, 16), complete: true },
  ],
});
const UNOPENED = recipientLink('druckerei@example.org');

/** The messages answer, as the server has it now: a test changes `links` to play the server's part. */
function stubMessages(links: RecipientLink[], extra: Parameters<typeof stubApi>[0] = {}) {
  const state = { links };
  const answer = (): { body: { messages: Message[] } } => ({
    body: {
      messages: [
        message(1, { email: links.map((link) => link.recipient).join(', '), recipients: state.links }),
      ],
    },
  });
  const api = stubApi({ 'GET /api/messages/': answer, ...extra });
  return { api, state };
}

async function openPanel() {
  const view = renderCartRoute(route, '/messages');
  await view.user.click(await screen.findByRole('button', { expanded: false }));
  const list = await screen.findByRole('list', { name: 'Recipients' });
  const cards = () =>
    within(screen.getByRole('list', { name: 'Recipients' }))
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.getAttribute('aria-labelledby'));
  return { ...view, list, cards };
}

describe('recipients of a sent cart, each with their own link (issue 20.2)', () => {
  it('lists each recipient with state, sending, opening, last activity, validity and downloads', async () => {
    stubMessages([OPENED, UNOPENED]);
    const { cards } = await openPanel();
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    expect(cards()).toHaveLength(2);

    expect(within(first).getByRole('heading', { name: 'agentur@example.com' })).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    const facts = (card: HTMLElement) =>
      [...card.querySelectorAll('dt')].map(
        (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
      );
    expect(facts(first)).toEqual([
      'Sent: 05/03/2026, 09:07',
      'First opened: 05/03/2026, 10:15',
      'Last activity: 06/03/2026, 08:30',
      'Valid until: 19/03/2026, 09:07',
    ]);
    const downloads = within(first).getByRole('list', { name: 'Downloads: agentur@example.com' });
    expect(
      within(downloads)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'All as ZIP · 06/03/2026, 08:30 · incomplete',
      '04006067084218_C1C1.jpg · 05/03/2026, 10:16 · complete',
    ]);

    expect(within(second).getByRole('heading', { name: 'druckerei@example.org' })).toBeTruthy();
    expect(facts(second)).toContain('First opened: Not opened yet');
    expect(facts(second)).toContain('Last activity: None yet');
    expect(within(second).getByText('Nothing downloaded yet.')).toBeTruthy();
  });

  it('revokes a link after confirming, through its own name, and then shows it revoked with nothing left to do', async () => {
    const revoked = { ...UNOPENED, state: 'revoked' as const, revokedAt: at(7, 9, 0) };
    const { api, state } = stubMessages([OPENED, UNOPENED], {
      [`POST /api/links/${UNOPENED.name}/revoke`]: () => {
        state.links = [OPENED, revoked];
        return { body: { link: revoked } };
      },
    });
    const { user, cards } = await openPanel();

    await user.click(screen.getByRole('button', { name: 'Revoke the link for druckerei@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the link?' });
    expect(
      within(dialog).getByText(/druckerei@example.org will no longer be able to open the link/),
    ).toBeTruthy();
    expect(api.callsTo('POST', `/api/links/${UNOPENED.name}/revoke`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    // The page behind the dialog is hidden from the accessibility tree until the dialog has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(await screen.findByText('The link for druckerei@example.org has been revoked.')).toBeTruthy();
    expect(api.callsTo('POST', `/api/links/${UNOPENED.name}/revoke`)).toHaveLength(1);
    expect(api.callsTo('POST', `/api/links/${OPENED.name}/revoke`)).toEqual([]);
    const second = cards()[1]!;
    await waitFor(() => expect(within(second).getByText('Revoked')).toBeTruthy());
    expect(within(second).getByText('Revoked on')).toBeTruthy();
    for (const button of within(second).getAllByRole('button')) expect(isDisabled(button)).toBe(true);
    // The list was asked again (the server may know more than the answer told).
    await waitFor(() => expect(api.callsTo('GET', '/api/messages/').length).toBeGreaterThan(1));
    // The other recipient keeps their link.
    expect(isDisabled(screen.getByRole('button', { name: 'Revoke the link for agentur@example.com' }))).toBe(
      false,
    );
  });

  it('sends nothing when revoking is cancelled', async () => {
    const { api } = stubMessages([OPENED]);
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Revoke the link for agentur@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('offers only extending for an expired link, and says until when it now works', async () => {
    const expired = recipientLink('alt@example.com', { state: 'expired', validUntil: at(1, 9, 0) });
    const extended = { ...expired, state: 'active' as const, validUntil: at(21, 9, 0) };
    const { api } = stubMessages([expired], {
      [`POST /api/links/${expired.name}/extend`]: { body: { link: extended } },
    });
    const { user } = await openPanel();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Revoke the link for alt@example.com' }))).toBe(
      true,
    );
    expect(isDisabled(screen.getByRole('button', { name: 'Send the link to alt@example.com again' }))).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Extend the link for alt@example.com by 14 days' }));
    expect(
      await screen.findByText('The link for alt@example.com is now valid until 21/03/2026, 09:00.'),
    ).toBeTruthy();
    expect(api.callsTo('POST', `/api/links/${expired.name}/extend`)).toHaveLength(1);
  });

  it('sends a link again, and tells a refusal by its code', async () => {
    const { api } = stubMessages([OPENED, UNOPENED], {
      [`POST /api/links/${OPENED.name}/resend`]: { body: { link: { ...OPENED, lastSentAt: at(7, 12, 0) } } },
      [`POST /api/links/${UNOPENED.name}/resend`]: apiError(409, 'messages.errors.linkRevoked'),
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Send the link to agentur@example.com again' }));
    expect(await screen.findByText('The link has been sent to agentur@example.com again.')).toBeTruthy();
    expect(api.callsTo('POST', `/api/links/${OPENED.name}/resend`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Send the link to druckerei@example.org again' }));
    expect(await screen.findByText('This link has been revoked.')).toBeTruthy();
  });

  it('names each button with its recipient in German', async () => {
    await i18n.changeLanguage('de');
    stubMessages([OPENED]);
    const { user } = renderCartRoute(route, '/messages');
    await user.click(await screen.findByRole('button', { expanded: false }));
    expect(await screen.findByRole('list', { name: 'Empfänger' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link für agentur@example.com widerrufen' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Link für agentur@example.com um 14 Tage verlängern' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link an agentur@example.com erneut senden' })).toBeTruthy();
  });

  it('shows no recipients section for a cart sent before links', async () => {
    stubMessages([]);
    const { user } = renderCartRoute(route, '/messages');
    await user.click(await screen.findByRole('button', { expanded: false }));
    expect(await screen.findByText('Articles')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recipients' })).toBeNull();
  });
});
