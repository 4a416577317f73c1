import {
  ErrorCodes,
  SEND_MAX_RECIPIENTS,
  type AdminLinksAnswer,
  type MessagesAnswer,
  type RecipientLink,
  type RecipientLinkAnswer,
  type ShareContentsAnswer,
} from '@mediabox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveredMailsTo } from '../../test/mails.js';
import { call, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { useCartWorld, type CartWorld, type Session } from '../cart/testing/cart-world.js';
import { BUNDLE_VALIDITY_MS } from './bundle.service.js';
import { zipEntries } from './testing/zip-entries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Waits for what a finished answer records after it went out (sendRanged's onComplete). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 3000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One link per recipient of a sent cart (issue 20.2): sending, activity, revoke, extend, resend, admin. */
describeEachDatabase('recipient links API', (dialect) => {
  const { world, put } = useCartWorld(dialect);
  let t: TestApp;
  let assets: CartWorld['assets'];
  beforeAll(() => {
    ({ t, assets } = world());
  });

  /** Signs in a new sender (the clock moves by weeks in some tests; a fresh session outlives it). */
  const newSender = () => signInAs(t, 'registered');
  const send = (session: Session, email: string, options: { copy?: boolean; lang?: 'de' | 'en' } = {}) =>
    call(t.app, 'POST', '/api/cart/send', {
      token: session.token,
      body: {
        form: { email, subject: 'Kampagne', text: 'Anbei', copyCheckbox: options.copy ?? false },
        lang: options.lang ?? 'de',
      },
    });
  /** Sends the session's cart (crema and espresso's JPEG and TIFF) to the addresses; answers the bundle name. */
  const sendCart = async (session: Session, recipients: string[], options: { copy?: boolean } = {}) => {
    await put(session, { assetIds: [assets.crema!.id, assets.espresso!.id] });
    await put(session, { assetId: assets.espresso!.id, format: 1200 });
    const sent = await send(session, recipients.join(', '), options);
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<{ filename: string }>().filename;
  };
  const messageOf = async (session: Session, filename: string) => {
    const answer = await call(t.app, 'GET', '/api/messages/', { token: session.token });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<MessagesAnswer>().messages.find((message) => message.filename === filename);
  };
  const recipientsOf = async (session: Session, filename: string) =>
    (await messageOf(session, filename))!.recipients;
  const linkOf = async (session: Session, filename: string, recipient: string): Promise<RecipientLink> =>
    (await recipientsOf(session, filename)).find((link) => link.recipient === recipient)!;
  const act = (session: Session, name: string, action: 'revoke' | 'extend' | 'resend') =>
    call(t.app, 'POST', `/api/links/${name}/${action}`, { token: session.token });

  describe('sending', () => {
    it('gives each address its own link and mail; the copy carries the bundle’s own name', async () => {
      const sender = await newSender();
      const filename = await sendCart(sender, ['A@Example.org', 'b@example.org', 'c@example.org'], {
        copy: true,
      });
      const names = new Set<string>();
      for (const address of ['a@example.org', 'b@example.org', 'c@example.org']) {
        const mails = await deliveredMailsTo(t, address);
        expect(mails, address).toHaveLength(1);
        const match = /http:\/\/portal\.test\/download\/([A-Za-z0-9_-]{22}\.zip)\?lang=de/.exec(
          mails[0]!.text ?? '',
        );
        expect(match, mails[0]!.text).not.toBeNull();
        expect(match![1]).not.toBe(filename);
        names.add(match![1]!);
      }
      expect(names.size).toBe(3);
      const [copy] = await deliveredMailsTo(t, sender.email);
      expect(copy!.text).toContain(`http://portal.test/download/${filename}?lang=de`);
      expect(copy!.text).toContain('a@example.org, b@example.org, c@example.org');
      for (const name of names) expect(copy!.text).not.toContain(name);

      const message = await messageOf(sender, filename);
      expect(message!.email).toBe('a@example.org, b@example.org, c@example.org');
      expect(message!.recipients.map((link) => [link.recipient, link.state, link.firstOpenedAt])).toEqual([
        ['a@example.org', 'active', null],
        ['b@example.org', 'active', null],
        ['c@example.org', 'active', null],
      ]);
      expect(new Set(message!.recipients.map((link) => link.name))).toEqual(names);
      expect(message!.recipients[0]!.validUntil).toBe(message!.validUntil);
    });

    it(`refuses more than ${SEND_MAX_RECIPIENTS} addresses, or one bad one, and writes nothing`, async () => {
      const sender = await newSender();
      await put(sender, { assetId: assets.crema!.id });
      const count = async () =>
        Number(
          (
            await t.context.database.db
              .selectFrom('bundle_links')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const eleven = Array.from({ length: SEND_MAX_RECIPIENTS + 1 }, (_, i) => `r${i}@example.org`);
      expectError(await send(sender, eleven.join(',')), 400, ErrorCodes.tooManyRecipients, 'form.email');
      expectError(
        await send(sender, 'gut@example.org; kein-mail'),
        400,
        ErrorCodes.invalidEmail,
        'form.email',
      );
      expect(await count()).toBe(before);
      expect(await deliveredMailsTo(t, 'gut@example.org')).toEqual([]);
      expect(
        (await call(t.app, 'GET', '/api/messages/', { token: sender.token })).json<MessagesAnswer>(),
      ).toEqual({ messages: [] });
    });

    it('takes ten long addresses: every one gets its link, the message line stays within its column', async () => {
      const sender = await newSender();
      const addresses = Array.from(
        { length: SEND_MAX_RECIPIENTS },
        (_, i) => `long-${i}-${'x'.repeat(40)}@example.org`,
      );
      const filename = await sendCart(sender, addresses);
      const message = await messageOf(sender, filename);
      expect(message!.recipients.map((link) => link.recipient)).toEqual(addresses);
      expect(message!.email.length).toBeLessThanOrEqual(254);
      expect(message!.email.startsWith(`${addresses[0]}, ${addresses[1]}`)).toBe(true);
    });

    it('counts every address against the send limit', async () => {
      const sender = await newSender();
      await put(sender, { assetId: assets.crema!.id });
      const ten = (round: number) =>
        Array.from({ length: 10 }, (_, i) => `limit${round}-${i}@example.org`).join(' ');
      for (const round of [1, 2, 3]) expect((await send(sender, ten(round))).statusCode).toBe(200);
      expectError(await send(sender, 'one-more@example.org'), 429, ErrorCodes.rateLimited);
    });
  });

  describe('activity', () => {
    it('records the opening and the downloads at the recipient’s own link only, complete or not', async () => {
      const sender = await newSender();
      const filename = await sendCart(sender, ['open-a@example.org', 'open-b@example.org']);
      const a = await linkOf(sender, filename, 'open-a@example.org');

      const contents = await call(t.app, 'GET', `/api/download/${a.name}/contents`);
      expect(contents.statusCode, contents.body).toBe(200);
      const page = contents.json<ShareContentsAnswer>();
      expect(page).toMatchObject({ tracked: true, lang: 'de' });
      expect(page.zip.url).toBe(`/api/download/${a.name}`);
      // The bundle's own name (the sender's) is not tracked.
      expect(
        (await call(t.app, 'GET', `/api/download/${filename}/contents`)).json<ShareContentsAnswer>().tracked,
      ).toBe(false);

      const [firstA, openedB] = await recipientsOf(sender, filename);
      let openedA = firstA!;
      expect(openedA.firstOpenedAt).toBe(new Date(t.clock.now()).toISOString());
      expect(openedA.lastActivityAt).toBe(openedA.firstOpenedAt);
      expect(openedB!.firstOpenedAt).toBeNull();
      expect(openedA.downloads).toEqual([]);

      // HEAD records nothing; a whole file is complete, a first part is not until its rest went out.
      const tiff = page.files.find((file) => file.mediaType === 1200)!;
      expect((await call(t.app, 'HEAD', tiff.url!)).statusCode).toBe(200);
      t.clock.advance(1000);
      const first = await call(t.app, 'GET', page.files[0]!.url!);
      expect(first.statusCode).toBe(200);
      t.clock.advance(1000);
      const part = await call(t.app, 'GET', tiff.url!, { headers: { range: 'bytes=0-3' } });
      expect(part.statusCode).toBe(206);
      openedA = await eventually(
        () => linkOf(sender, filename, 'open-a@example.org'),
        (link) => link.downloads.some((download) => download.complete),
      );
      expect(openedA.downloads).toEqual([
        { kind: 'file', name: tiff.name, at: new Date(t.clock.now()).toISOString(), complete: false },
        {
          kind: 'file',
          name: page.files[0]!.name,
          at: new Date(t.clock.now() - 1000).toISOString(),
          complete: true,
        },
      ]);

      // The rest of the same file, resumed: the same download, now complete.
      const rest = await call(t.app, 'GET', tiff.url!, { headers: { range: 'bytes=4-' } });
      expect(rest.statusCode).toBe(206);
      openedA = await eventually(
        () => linkOf(sender, filename, 'open-a@example.org'),
        (link) => link.downloads.every((download) => download.complete),
      );
      expect(openedA.downloads.map((download) => download.complete)).toEqual([true, true]);

      const zip = await call(t.app, 'GET', page.zip.url);
      expect(zip.statusCode).toBe(200);
      openedA = await eventually(
        () => linkOf(sender, filename, 'open-a@example.org'),
        (link) => link.downloads.length === 3 && link.downloads[0]!.complete,
      );
      expect(openedA.downloads[0]).toMatchObject({ kind: 'zip', name: null, complete: true });
      expect((await linkOf(sender, filename, 'open-b@example.org')).downloads).toEqual([]);

      const events = await t.context.database.db
        .selectFrom('bundle_link_events')
        .select(['kind', 'position', 'asset_id'])
        .where(
          'link_id',
          '=',
          (
            await t.context.database.db
              .selectFrom('bundle_links')
              .select('id')
              .where('name', '=', a.name)
              .executeTakeFirstOrThrow()
          ).id,
        )
        .orderBy('id')
        .execute();
      expect(events.map((event) => event.kind)).toEqual(['opened', 'file', 'file', 'zip']);
      expect(events[2]).toMatchObject({ position: tiff.position, asset_id: assets.espresso!.id });
    });
  });

  describe('revoke, extend, resend', () => {
    it('revokes one link: it answers 410 revoked, never the files, the others keep working', async () => {
      const sender = await newSender();
      const filename = await sendCart(sender, ['rev-a@example.org', 'rev-b@example.org']);
      const [a, b] = await recipientsOf(sender, filename);
      const revoked = await act(sender, a!.name, 'revoke');
      expect(revoked.statusCode, revoked.body).toBe(200);
      const { link } = revoked.json<RecipientLinkAnswer>();
      expect(link).toMatchObject({ name: a!.name, state: 'revoked' });
      expect(link.revokedAt).toBe(new Date(t.clock.now()).toISOString());

      for (const url of ['contents', 'file/0'].map((tail) => `/api/download/${a!.name}/${tail}`))
        expectError(await call(t.app, 'GET', url), 410, ErrorCodes.bundleRevoked);
      expectError(await call(t.app, 'GET', `/api/download/${a!.name}`), 410, ErrorCodes.bundleRevoked);
      expect((await call(t.app, 'GET', `/api/download/${b!.name}`)).statusCode).toBe(200);
      expect((await call(t.app, 'GET', `/api/download/${b!.name}/contents`)).statusCode).toBe(200);

      // Again: nothing changes.
      t.clock.advance(1000);
      const again = (await act(sender, a!.name, 'revoke')).json<RecipientLinkAnswer>();
      expect(again.link.revokedAt).toBe(link.revokedAt);
      expectError(await act(sender, a!.name, 'extend'), 409, ErrorCodes.linkRevoked);
      expectError(await act(sender, a!.name, 'resend'), 409, ErrorCodes.linkRevoked);
      expect((await linkOf(sender, filename, 'rev-a@example.org')).state).toBe('revoked');
    });

    it('extends a link by 14 days from today; the bundle lives as long as its longest link', async () => {
      const sender = await newSender();
      const filename = await sendCart(sender, ['ext-a@example.org', 'ext-b@example.org']);
      const [a, b] = await recipientsOf(sender, filename);
      t.clock.advance(10 * DAY_MS);
      const extended = await act(sender, a!.name, 'extend');
      expect(extended.statusCode, extended.body).toBe(200);
      const until = new Date(t.clock.now() + BUNDLE_VALIDITY_MS).toISOString();
      expect(extended.json<RecipientLinkAnswer>().link).toMatchObject({ state: 'active', validUntil: until });

      t.clock.advance(5 * DAY_MS);
      expectError(
        await call(t.app, 'GET', `/api/download/${b!.name}/contents`),
        410,
        ErrorCodes.bundleExpired,
      );
      expectError(await act(sender, b!.name, 'resend'), 410, ErrorCodes.bundleExpired);
      const page = await call(t.app, 'GET', `/api/download/${a!.name}/contents`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<ShareContentsAnswer>().validUntil).toBe(until);
      const message = await messageOf(sender, filename);
      expect(message!.validUntil).toBe(until);
      expect(message!.recipients.map((link) => link.state)).toEqual(['active', 'expired']);

      // Once the longest link expired, the cleanup takes bundle, links and their events.
      await call(t.app, 'GET', `/api/download/${a!.name}/contents`);
      t.clock.advance(BUNDLE_VALIDITY_MS);
      await t.context.bundles.deleteExpired();
      const left = await t.context.database.db
        .selectFrom('bundle_links')
        .select('id')
        .where('name', 'in', [a!.name, b!.name])
        .execute();
      expect(left).toEqual([]);
    });

    it('sends the same link again to the same address, once', async () => {
      const sender = await newSender();
      const filename = await sendCart(sender, ['again@example.org']);
      const [link] = await recipientsOf(sender, filename);
      expect(await deliveredMailsTo(t, 'again@example.org')).toHaveLength(1);
      t.clock.advance(60_000);
      const resent = await act(sender, link!.name, 'resend');
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json<RecipientLinkAnswer>().link.lastSentAt).toBe(new Date(t.clock.now()).toISOString());
      const mails = await deliveredMailsTo(t, 'again@example.org');
      expect(mails).toHaveLength(2);
      expect(mails[1]!.text).toContain(`http://portal.test/download/${link!.name}?lang=de`);
      expect(mails[1]!.subject).toBe('Mediabox: Kampagne');
    });

    it('answers 404 to anyone but the sender and super users, for a link that exists or not', async () => {
      const [alice, bob, boss] = [await newSender(), await newSender(), await signInAs(t, 'super')];
      await put(alice, { assetId: assets.crema!.id });
      const sent = await send(alice, 'owner-only@example.org');
      const [link] = await recipientsOf(alice, sent.json<{ filename: string }>().filename);
      for (const action of ['revoke', 'extend', 'resend'] as const) {
        expectError(await act(bob, link!.name, action), 404, ErrorCodes.linkNotFound);
        expectError(await act(alice, 'AAAAAAAAAAAAAAAAAAAAAA.zip', action), 404, ErrorCodes.linkNotFound);
      }
      expect((await call(t.app, 'GET', `/api/download/${link!.name}/contents`)).statusCode).toBe(200);
      const byBoss = await act(boss, link!.name, 'revoke');
      expect(byBoss.statusCode, byBoss.body).toBe(200);
      expect(byBoss.json<RecipientLinkAnswer>().link.state).toBe('revoked');
    });
  });

  describe('admin list', () => {
    it('shows super users every link with its sender, newest first, filtered and paged; nobody else', async () => {
      const [sender, boss] = [await newSender(), await signInAs(t, 'super')];
      const filename = await sendCart(sender, ['admin-x@example.org', 'admin-y@example.org']);
      const list = (query: string) => call(t.app, 'GET', `/api/admin/links?${query}`, { token: boss.token });
      const all = await list('limit=2');
      expect(all.statusCode, all.body).toBe(200);
      const page = all.json<AdminLinksAnswer>();
      expect(page.total).toBeGreaterThanOrEqual(2);
      expect(page.links.map((link) => link.recipient)).toEqual([
        'admin-y@example.org',
        'admin-x@example.org',
      ]);
      expect(page.links[0]).toMatchObject({
        sender: { id: sender.row.id, email: sender.email },
        subject: 'Kampagne',
        itemCount: 2,
        state: 'active',
      });
      const second = (await list('limit=1&offset=1')).json<AdminLinksAnswer>();
      expect(second.links.map((link) => link.recipient)).toEqual(['admin-x@example.org']);

      const byRecipient = (await list('q=ADMIN-X%40')).json<AdminLinksAnswer>();
      expect(byRecipient).toMatchObject({ total: 1, links: [{ recipient: 'admin-x@example.org' }] });
      const bySender = (
        await list(`q=${encodeURIComponent(sender.email.toUpperCase())}`)
      ).json<AdminLinksAnswer>();
      expect(bySender.links.map((link) => link.recipient).sort()).toEqual([
        'admin-x@example.org',
        'admin-y@example.org',
      ]);
      // Wildcards typed by a user match themselves only.
      expect((await list('q=%25')).json<AdminLinksAnswer>()).toEqual({ links: [], total: 0 });
      expect((await list('q=admin_x')).json<AdminLinksAnswer>().total).toBe(0);
      expect((await messageOf(sender, filename))!.recipients).toHaveLength(2);

      expectError(
        await call(t.app, 'GET', '/api/admin/links', { token: sender.token }),
        403,
        ErrorCodes.forbidden,
      );
    });
  });

  describe('zip at a link', () => {
    it('holds the same files as at the bundle’s own name', async () => {
      const sender = await newSender();
      const filename = await sendCart(sender, ['zip@example.org']);
      const [link] = await recipientsOf(sender, filename);
      const own = await zipEntries((await call(t.app, 'GET', `/api/download/${filename}`)).rawPayload);
      const atLink = await zipEntries((await call(t.app, 'GET', `/api/download/${link!.name}`)).rawPayload);
      expect(atLink.map((entry) => [entry.name, entry.bytes.toString('hex')])).toEqual(
        own.map((entry) => [entry.name, entry.bytes.toString('hex')]),
      );
      // A signed-in visitor's signed link stays the link's: it works, and counts at the link.
      const signed = await call(t.app, 'GET', `/api/download/${link!.name}/link`, { token: sender.token });
      expect(signed.statusCode, signed.body).toBe(200);
      const url = signed.json<{ url: string }>().url;
      expect(url.startsWith(`/api/download/${link!.name}?`)).toBe(true);
      expect((await call(t.app, 'GET', url)).statusCode).toBe(200);
    });
  });
});
