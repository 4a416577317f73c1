import {
  EMPTY_PACKSHOT,
  ErrorCodes,
  ORDER_NUMBER_PATTERN,
  type Order,
  type OrdersAnswer,
} from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageAsset, seedAsset, seedNodes, storeBlob } from '../catalogue/testing/catalogue-seed.js';
import { deliveredMailsTo, lastMailTo } from '../../test/mails.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { OrdersRepository } from './orders.repository.js';

type Session = Awaited<ReturnType<typeof signInAs>>;

describeEachDatabase('orders API', (dialect) => {
  let t: TestApp;
  let partner: Session;
  let staff: Session;
  let colleague: Session;
  let boss: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [partner, staff, colleague, boss] = await Promise.all([
      signInAs(t, 'registered'),
      signInAs(t, 'internal', { lang: 'en' }),
      signInAs(t, 'internal', { lang: 'fr' }),
      signInAs(t, 'super'),
    ]);
  });
  afterAll(() => t.close());

  const as = (
    session: Session | null,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
  ) =>
    call(t.app, method, url, {
      ...(session ? { token: session.token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  const create = async (session: Session, body: Record<string, unknown>) => {
    const answer = await as(session, 'PUT', '/api/order', body);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Order>();
  };
  const list = async (session: Session) =>
    (await as(session, 'GET', '/api/order')).json<OrdersAnswer>().orders;
  const count = async (session: Session) =>
    (await as(session, 'GET', '/api/order/count')).json<{ count: number }>().count;
  const review = (session: Session, id: number, body: unknown) =>
    as(session, 'POST', `/api/order/${id}`, body);

  describe('access', () => {
    let order: Order;
    beforeAll(async () => {
      order = await create(staff, { name: 'Zugang' });
    });

    const calls = (id: number): [string, 'GET' | 'PUT' | 'POST' | 'DELETE', string, unknown?][] => [
      ['list', 'GET', '/api/order'],
      ['count', 'GET', '/api/order/count'],
      ['article', 'GET', '/api/order/article?gtin=4006067084218'],
      ['one', 'GET', `/api/order/${id}`],
      ['create PUT', 'PUT', '/api/order', { name: 'X' }],
      ['create POST', 'POST', '/api/order', { name: 'X' }],
      ['search', 'POST', '/api/order/search', { data: 'x' }],
      ['review', 'POST', `/api/order/${id}`, { status: 'accepted' }],
      ['deactivate', 'DELETE', `/api/order/${id}`],
      ['remove file', 'DELETE', '/api/order', { orderId: id, fileId: 1 }],
    ];

    it('refuses a registered user without jde (403) on every call, and changes nothing', async () => {
      for (const [label, method, url, body] of calls(order._id)) {
        const answer = await as(partner, method, url, body);
        expect(answer.statusCode, `${label}: ${answer.body}`).toBe(403);
      }
      expect((await as(staff, 'GET', `/api/order/${order._id}`)).json<Order>()).toMatchObject({
        status: 'new',
        active: true,
      });
    });

    it('refuses guests and dead tokens (401) on every call', async () => {
      for (const [label, method, url, body] of calls(order._id)) {
        expect((await as(null, method, url, body)).statusCode, label).toBe(401);
        const dead = await call(t.app, method, url, {
          token: 'x'.repeat(43),
          ...(body !== undefined ? { body } : {}),
        });
        expect(dead.statusCode, label).toBe(401);
      }
    });

    it('keeps deactivating and removing files for super users (403 for jde)', async () => {
      expectError(await as(staff, 'DELETE', `/api/order/${order._id}`), 403, ErrorCodes.forbidden);
      expectError(
        await as(staff, 'DELETE', '/api/order', { orderId: order._id, fileId: 1 }),
        403,
        ErrorCodes.forbidden,
      );
      expect((await list(staff)).some((o) => o._id === order._id)).toBe(true);
    });
  });

  describe('create', () => {
    it('stores every field, numbers the order, logs CREATED and mails the creator and the vertretung', async () => {
      const order = await create(staff, {
        name: 'Caffè Crema Regalkarton',
        articleId: '4711',
        gtin: '4006067084218',
        de: true,
        ch: true,
        new: 'no',
        change: { data: true, packshot: false },
        packshot: {
          ecommerce: true,
          single: false,
          tray: true,
          display: false,
          other: false,
          description: 'Bitte freistellen',
          gtin: { ecommerce: '4006067084218', single: '', tray: '4006067084225', display: '' },
          articleId: { display: '' },
        },
        internalDate: '2026-12-01',
        externalDate: '2026-12-15',
        vertretung: `${colleague.email}, Extern@Example.org`,
        description: 'Neue Verpackung',
        notify: true,
      });
      expect(order).toMatchObject({
        name: 'Caffè Crema Regalkarton',
        articleId: '4711',
        gtin: '4006067084218',
        country: 'de,ch',
        de: true,
        at: false,
        ch: true,
        status: 'new',
        active: true,
        new: 'no',
        change: { data: true, packshot: false },
        internalDate: '2026-12-01',
        externalDate: '2026-12-15',
        vertretung: `${colleague.email},extern@example.org`,
        notify: true,
        createdBy: staff.user.userId,
        username: staff.email,
        files: [],
        createdAt: '2026-11-22T09:00:00.000Z',
      });
      expect(order.packshot.tray).toBe(true);
      expect(order.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
      expect(order.orderNumber).toBe(`A-2026-${String(order._id).padStart(6, '0')}`);
      expect(order.history).toEqual([
        {
          action: 'CREATED',
          username: staff.email,
          createdAt: order.createdAt,
          context: { field: 'status', to: 'new' },
        },
      ]);

      const confirmation = await lastMailTo(t, staff.email);
      expect(confirmation.subject).toBe(`Your order ${order.orderNumber} has been received`);
      expect(confirmation.text).toContain(`/order/${order._id}/0`);
      const deputy = await lastMailTo(t, colleague.email);
      expect(deputy.subject).toBe(`Nouvelle commande ${order.orderNumber} dans Mediabox`);
      const outside = await lastMailTo(t, 'extern@example.org');
      expect(outside.subject).toBe(`Neuer Auftrag ${order.orderNumber} in Mediabox`);
    });

    it('needs a name; validates dates and recipients with translation keys', async () => {
      expectError(await as(staff, 'PUT', '/api/order', {}), 400, ErrorCodes.required, 'name');
      expectError(await as(staff, 'PUT', '/api/order', { name: '  ' }), 400, ErrorCodes.required, 'name');
      expectError(
        await as(staff, 'PUT', '/api/order', { name: 'A', internalDate: '1.12.2026' }),
        400,
        ErrorCodes.orderInvalidDate,
        'internalDate',
      );
      expectError(
        await as(staff, 'PUT', '/api/order', { name: 'A', vertretung: 'a@b.de, kein-mail' }),
        400,
        ErrorCodes.orderInvalidRecipient,
        'vertretung',
      );
      expectError(
        await as(staff, 'PUT', '/api/order', { name: 'A', status: 'x' }),
        400,
        ErrorCodes.orderInvalidStatus,
        'status',
      );
    });

    it('refuses a GTIN with a wrong check digit or length, of the order and of each packshot type', async () => {
      expectError(
        await as(staff, 'PUT', '/api/order', { name: 'A', gtin: '4006067084220' }),
        400,
        ErrorCodes.orderGtinCheckDigit,
        'gtin',
      );
      expectError(
        await as(staff, 'PUT', '/api/order', { name: 'A', gtin: '40060670842' }),
        400,
        ErrorCodes.orderGtinFormat,
        'gtin',
      );
      const packshot = {
        ...EMPTY_PACKSHOT,
        tray: true,
        gtin: { ...EMPTY_PACKSHOT.gtin, tray: '04006067084226' },
      };
      expectError(
        await as(staff, 'PUT', '/api/order', { name: 'A', packshot }),
        400,
        ErrorCodes.orderGtinCheckDigit,
        'packshot.gtin.tray',
      );
      const order = await create(staff, { name: 'Prüfziffer', gtin: '4006067084218' });
      // A change is checked the same way, so the stored GTIN stays a real one.
      expectError(
        await as(staff, 'POST', '/api/order', { _id: order._id, gtin: '4006067084219' }),
        400,
        ErrorCodes.orderGtinCheckDigit,
        'gtin',
      );
    });

    it('gives unique, increasing order numbers', async () => {
      const [a, b] = [await create(staff, { name: 'Eins' }), await create(colleague, { name: 'Zwei' })];
      expect(a.orderNumber).not.toBe(b.orderNumber);
      expect(b._id).toBeGreaterThan(a._id);
    });
  });

  describe('change', () => {
    it('changes only the fields sent and logs each from/to (country once)', async () => {
      const order = await create(staff, { name: 'Alt', de: true, gtin: '4006067084218' });
      t.clock.advance(1000);
      const answer = await as(colleague, 'POST', '/api/order', {
        _id: order._id,
        name: 'Neu',
        de: false,
        at: true,
        gtin: '4006067084218',
        new: 'delete',
        internalDate: '2027-01-02',
        history: order.history,
        files: [],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const changed = answer.json<Order>();
      expect(changed).toMatchObject({
        name: 'Neu',
        country: 'at',
        gtin: '4006067084218',
        new: 'delete',
        internalDate: '2027-01-02',
      });
      expect(changed.lastModifiedAt).toBe('2026-11-22T09:00:01.000Z');
      const contexts = changed.history.slice(1).map((entry) => [entry.action, entry.username, entry.context]);
      expect(contexts).toEqual([
        ['CHANGED', colleague.email, { field: 'name', from: 'Alt', to: 'Neu' }],
        ['CHANGED', colleague.email, { field: 'new', from: 'yes', to: 'delete' }],
        ['CHANGED', colleague.email, { field: 'internalDate', from: '', to: '2027-01-02' }],
        ['CHANGED', colleague.email, { field: 'country', from: 'de', to: 'at' }],
      ]);
    });

    it('lets only super users change the status, logged as the status action', async () => {
      const order = await create(staff, { name: 'Status' });
      expectError(
        await as(staff, 'POST', '/api/order', { _id: order._id, status: 'pending' }),
        403,
        ErrorCodes.forbidden,
      );
      // Sending the current status back unchanged is what the edit form does: fine.
      expect((await as(staff, 'POST', '/api/order', { _id: order._id, status: 'new' })).statusCode).toBe(200);
      const answer = await as(boss, 'PUT', '/api/order', { _id: order._id, status: 'accepted' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json<Order>().history.at(-1)).toMatchObject({
        action: 'ACCEPTED',
        username: boss.email,
        context: { field: 'status', from: 'new', to: 'accepted' },
      });
    });

    it('answers 404 for unknown orders', async () => {
      expectError(
        await as(staff, 'POST', '/api/order', { _id: 999999, name: 'X' }),
        404,
        ErrorCodes.orderNotFound,
      );
      expectError(await as(staff, 'GET', '/api/order/999999'), 404, ErrorCodes.orderNotFound);
    });
  });

  describe('status transitions and review', () => {
    it('walks new -> pending -> rejected (with comment) -> pending -> accepted -> completed with notify', async () => {
      const order = await create(staff, { name: 'Durchlauf', vertretung: colleague.email });
      // Reviewing a new order is not possible yet (the Freigabe tab is disabled while new).
      expectError(await review(staff, order._id, { status: 'accepted' }), 409, ErrorCodes.orderNotReviewable);
      // Reviewers accept or reject, nothing else.
      expectError(await review(staff, order._id, { status: 'pending' }), 403, ErrorCodes.forbidden);

      expect((await review(boss, order._id, { status: 'pending' })).statusCode).toBe(200);
      // The creator (English) and the vertretung (French) learn that the images are ready for review.
      expect((await lastMailTo(t, staff.email)).subject).toBe(
        `Order ${order.orderNumber} is ready for review`,
      );
      expect((await lastMailTo(t, colleague.email)).subject).toBe(
        `La commande ${order.orderNumber} est prête pour validation`,
      );
      expectError(
        await review(staff, order._id, { status: 'rejected' }),
        400,
        ErrorCodes.orderCommentRequired,
        'comment',
      );
      expectError(
        await review(staff, order._id, { status: 'rejected', comment: '   ' }),
        400,
        ErrorCodes.orderCommentRequired,
        'comment',
      );
      const rejected = await review(staff, order._id, { status: 'rejected', comment: 'Etikett schief' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json<Order>().status).toBe('rejected');
      const rejectMail = await lastMailTo(t, colleague.email);
      expect(rejectMail.subject).toContain('a été vérifiée');
      expect(rejectMail.text).toContain('Etikett schief');
      expect(rejectMail.text).toContain('refusée');
      // The reviewer does not get a mail about their own review.
      expect((await deliveredMailsTo(t, staff.email)).some((m) => m.subject?.includes('reviewed'))).toBe(
        false,
      );

      // Accepting the rejected order right away would skip the correction: back to review first.
      expectError(
        await review(colleague, order._id, { status: 'accepted' }),
        409,
        ErrorCodes.orderNotReviewable,
      );
      expect((await review(boss, order._id, { status: 'pending' })).statusCode).toBe(200);
      const accepted = await review(colleague, order._id, { status: 'accepted' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const acceptMail = await lastMailTo(t, staff.email);
      expect(acceptMail.subject).toBe(`Order ${order.orderNumber} has been reviewed`);
      expect(acceptMail.text).toContain('Result: accepted');

      // Nor may a reviewer take an accepted order back: it goes on to completion.
      expectError(
        await review(staff, order._id, { status: 'rejected', comment: 'doch nicht' }),
        409,
        ErrorCodes.orderNotReviewable,
      );
      expectError(await review(staff, order._id, { status: 'completed' }), 403, ErrorCodes.forbidden);
      const done = await review(boss, order._id, { status: 'completed', notify: true });
      expect(done.statusCode, done.body).toBe(200);
      const completed = done.json<Order>();
      expect(completed).toMatchObject({ status: 'completed', notify: true });
      expect(completed.history.map((entry) => [entry.action, entry.context])).toEqual([
        ['CREATED', { field: 'status', to: 'new' }],
        ['CHANGED', { field: 'status', from: 'new', to: 'pending' }],
        ['REJECTED', { field: 'status', from: 'pending', to: 'rejected', comment: 'Etikett schief' }],
        ['CHANGED', { field: 'status', from: 'rejected', to: 'pending' }],
        ['ACCEPTED', { field: 'status', from: 'pending', to: 'accepted' }],
        ['COMPLETED', { field: 'status', from: 'accepted', to: 'completed' }],
        ['CHANGED', { field: 'notify', from: false, to: true }],
      ]);
      const doneMail = await lastMailTo(t, staff.email);
      expect(doneMail.subject).toBe(`Order ${order.orderNumber} is completed`);
      // The creator cannot open a completed order (super users only): no link that leads nowhere.
      expect(doneMail.text).not.toContain(`/order/${order._id}`);
      expect(acceptMail.text).toContain(`http://portal.test/order/${order._id}/0`);
      expect((await lastMailTo(t, colleague.email)).subject).toBe(
        `La commande ${order.orderNumber} est terminée`,
      );

      // Completed orders are for super users only.
      expectError(await as(staff, 'GET', `/api/order/${order._id}`), 404, ErrorCodes.orderNotFound);
      expect((await list(staff)).some((o) => o._id === order._id)).toBe(false);
      expect((await list(boss)).some((o) => o._id === order._id)).toBe(true);
      expectError(await review(staff, order._id, { status: 'accepted' }), 404, ErrorCodes.orderNotFound);
    });

    it('sends no completion mail without notify', async () => {
      const order = await create(staff, { name: 'Still' });
      const before = (await deliveredMailsTo(t, staff.email)).length;
      expect((await review(boss, order._id, { status: 'completed' })).statusCode).toBe(200);
      expect((await deliveredMailsTo(t, staff.email)).length).toBe(before);
    });

    it('lets super users set any status, rejections still with a comment', async () => {
      const order = await create(staff, { name: 'Frei' });
      expectError(
        await review(boss, order._id, { status: 'rejected' }),
        400,
        ErrorCodes.orderCommentRequired,
        'comment',
      );
      for (const status of ['accepted', 'new', 'pending', 'completed', 'new'] as const) {
        const answer = await review(boss, order._id, { status });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json<Order>().status).toBe(status);
      }
      expectError(
        await review(boss, order._id, { status: 'done' }),
        400,
        ErrorCodes.orderInvalidStatus,
        'status',
      );
    });
  });

  describe('badge counts, deactivation, search', () => {
    it('counts active new + rejected for super users and active pending for others; inactive orders vanish', async () => {
      const [superBefore, staffBefore] = [await count(boss), await count(staff)];
      const a = await create(staff, { name: 'Zähler A' }); // new
      const b = await create(staff, { name: 'Zähler B' });
      await review(boss, b._id, { status: 'pending' });
      const c = await create(staff, { name: 'Zähler C' });
      await review(boss, c._id, { status: 'rejected', comment: 'nein' });
      expect(await count(boss)).toBe(superBefore + 2);
      expect(await count(staff)).toBe(staffBefore + 1);
      expect(await count(colleague)).toBe(staffBefore + 1);

      for (const order of [a, b, c]) {
        const answer = await as(boss, 'DELETE', `/api/order/${order._id}`);
        expect(answer.statusCode, answer.body).toBe(200);
      }
      expect(await count(boss)).toBe(superBefore);
      expect(await count(staff)).toBe(staffBefore);
      const ids = (await list(boss)).map((o) => o._id);
      expect(ids).not.toContain(a._id);
      expectError(await as(boss, 'GET', `/api/order/${a._id}`), 404, ErrorCodes.orderNotFound);
      expectError(await as(boss, 'DELETE', `/api/order/${a._id}`), 404, ErrorCodes.orderNotFound);
      const history = await new OrdersRepository(t.context.database.db, t.context.database.dialect).historyOf(
        [a._id],
      );
      expect(history.at(-1)).toMatchObject({ action: 'INFO', username: boss.email });
      expect(JSON.parse(history.at(-1)!.context)).toEqual({ field: 'active', from: true, to: false });
    });

    it('lists by name and searches one field or all, case-insensitively, with LIKE wildcards taken literally', async () => {
      const x = await create(staff, { name: 'Suchtest 100% Arabica', articleId: 'ART_77' });
      const y = await create(staff, { name: 'suchtest Robusta', gtin: '4000000000013' });
      const names = (await list(staff)).map((o) => o.name);
      expect(names).toEqual([...names].sort());
      const search = async (body: unknown) => {
        const answer = await as(staff, 'POST', '/api/order/search', body);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<OrdersAnswer>().orders.map((o) => o._id);
      };
      expect(await search({ data: 'SUCHTEST' })).toEqual(expect.arrayContaining([x._id, y._id]));
      expect(await search({ data: '100%' })).toEqual([x._id]);
      expect(await search({ data: '0%', customField: 'articleId' })).toEqual([]);
      expect(await search({ data: 'art_77', customField: 'articleId' })).toEqual([x._id]);
      expect(await search({ data: 'artx77', customField: 'articleId' })).toEqual([]);
      expect(await search({ data: '4000000000013', customField: 'gtin' })).toEqual([y._id]);
      expect(await search({ data: x.orderNumber.toLowerCase(), customField: 'orderNumber' })).toEqual([
        x._id,
      ]);
    });
    it('searches umlauts in any case the same way on both databases (SQLite’s lower() folds ASCII only)', async () => {
      const upper = await create(staff, { name: 'MÜHLENRÖSTUNG ÖSTERREICH', articleId: 'ÄRT-1' });
      const lower = await create(staff, { name: 'mühlenröstung österreich', articleId: 'ärt-2' });
      const mixed = await create(staff, { name: 'MüHLENRöSTUNG Österreich', articleId: 'Ärt-3' });
      const search = async (body: unknown) => {
        const answer = await as(staff, 'POST', '/api/order/search', body);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<OrdersAnswer>().orders.map((o) => o._id);
      };
      const all = [upper._id, lower._id, mixed._id].sort((a, b) => a - b);
      for (const data of ['mühlenröstung', 'MÜHLENRÖSTUNG', 'mÜhlenrÖstung', 'RÖSTUNG öster']) {
        expect(
          (await search({ data })).sort((a, b) => a - b),
          data,
        ).toEqual(all);
        expect(
          (await search({ data, customField: 'name' })).sort((a, b) => a - b),
          data,
        ).toEqual(all);
      }
      expect((await search({ data: 'ärt-', customField: 'articleId' })).sort((a, b) => a - b)).toEqual(all);
      expect(await search({ data: 'ÄRT-2', customField: 'articleId' })).toEqual([lower._id]);
    });
  });

  describe('files', () => {
    it('lets super users remove a file, logged as IMAGE_REMOVED or FILE_REMOVED', async () => {
      const order = await create(staff, { name: 'Dateien' });
      const repository = new OrdersRepository(t.context.database.db, t.context.database.dialect);
      // Uploads are a later step: files are stored here the way the upload will store them.
      const sha = await storeBlob(t, Buffer.from('png bytes'), 'image/png');
      const image = await repository.insertFile(t.context.database.db, {
        order_id: order._id,
        blob_sha256: sha,
        filename: `img-${order._id}.png`,
        original_name: 'front.png',
        mime_type: 'image/png',
        created_at: t.clock.now(),
      });
      const pdf = await repository.insertFile(t.context.database.db, {
        order_id: order._id,
        blob_sha256: sha,
        filename: `doc-${order._id}.pdf`,
        original_name: 'briefing.pdf',
        mime_type: 'application/pdf',
        created_at: t.clock.now(),
      });
      const seen = (await as(staff, 'GET', `/api/order/${order._id}`)).json<Order>();
      expect(seen.files.map((f) => [f.originalname, f.mimetype])).toEqual([
        ['front.png', 'image/png'],
        ['briefing.pdf', 'application/pdf'],
      ]);

      // Download as it is, for jde and super users; 403 for partners, 401 for guests.
      const download = await as(staff, 'GET', `/api/uploads/img-${order._id}.png`);
      expect(download.statusCode, download.body).toBe(200);
      expect(download.body).toBe('png bytes');
      expect(download.headers['content-type']).toBe('image/png');
      expect(download.headers['content-disposition']).toContain('attachment');
      expect(download.headers['content-disposition']).toContain('front.png');
      expect((await as(partner, 'GET', `/api/uploads/img-${order._id}.png`)).statusCode).toBe(403);
      expect((await as(null, 'GET', `/api/uploads/img-${order._id}.png`)).statusCode).toBe(401);
      expectError(await as(staff, 'GET', '/api/uploads/nix.png'), 404, ErrorCodes.orderFileNotFound);

      expectError(
        await as(boss, 'DELETE', '/api/order', { orderId: order._id, fileId: 999999 }),
        404,
        ErrorCodes.orderFileNotFound,
      );
      let answer = await as(boss, 'DELETE', '/api/order', { orderId: order._id, fileId: image.id });
      expect(answer.statusCode, answer.body).toBe(200);
      answer = await as(boss, 'DELETE', '/api/order', { orderId: order._id, fileId: pdf.id });
      const after = answer.json<Order>();
      expect(after.files).toEqual([]);
      expectError(
        await as(staff, 'GET', `/api/uploads/img-${order._id}.png`),
        404,
        ErrorCodes.orderFileNotFound,
      );
      expect(after.history.slice(-2).map((e) => [e.action, e.context])).toEqual([
        ['IMAGE_REMOVED', { fileId: image.id, filename: 'front.png' }],
        ['FILE_REMOVED', { fileId: pdf.id, filename: 'briefing.pdf' }],
      ]);
    });
  });

  describe('article lookup', () => {
    beforeAll(async () => {
      await seedNodes(t, [
        { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
        { id: 658, de: 'Schweiz', en: 'Switzerland', fr: 'Suisse' },
        { id: 12, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
        { id: 700, parentId: 658, rootId: 658, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
      ]);
      await seedAsset(
        t,
        imageAsset(12, 1, 'Caffè Crema 1 kg', { gtin: '04006067084218', linkedSearchable: '100234' }),
      );
      await seedAsset(
        t,
        imageAsset(700, 658, 'Caffè Crema 1 kg CH', { gtin: '04006067084218', linkedSearchable: '100234' }),
      );
      await seedAsset(t, imageAsset(12, 1, 'Zurückgezogen', { gtin: '04000000000024', withdrawn: true }));
    });

    it('finds an article by GTIN or article number, with the countries of its assets', async () => {
      const byGtin = await as(staff, 'GET', '/api/order/article?gtin=04006067084218');
      expect(byGtin.statusCode, byGtin.body).toBe(200);
      expect(byGtin.json()).toEqual({
        articleId: '100234',
        gtin: '04006067084218',
        name: 'Caffè Crema 1 kg CH',
        country: 'de,ch',
      });
      const byId = await as(staff, 'GET', '/api/order/article?articleId=100234');
      expect(byId.json()).toMatchObject({ gtin: '04006067084218', country: 'de,ch' });
    });

    it('answers 404 for unknown or withdrawn articles and 400 without exactly one number', async () => {
      expectError(
        await as(staff, 'GET', '/api/order/article?gtin=04000000000024'),
        404,
        ErrorCodes.articleNotFound,
      );
      expectError(
        await as(staff, 'GET', '/api/order/article?articleId=nix'),
        404,
        ErrorCodes.articleNotFound,
      );
      expect((await as(staff, 'GET', '/api/order/article')).statusCode).toBe(400);
      expect((await as(staff, 'GET', '/api/order/article?gtin=1&articleId=2')).statusCode).toBe(400);
    });
  });
});
