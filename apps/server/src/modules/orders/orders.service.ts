import {
  COUNTRY_ROOTS,
  EMPTY_PACKSHOT,
  ErrorCodes,
  type ArticleLookupAnswer,
  type HistoryAction,
  type HistoryContext,
  type Order,
  type OrderReview,
  type OrderSaveParsed,
  type OrderSearch,
  type OrderStatus,
} from '@mediabox/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { MailOutbox } from '../../platform/mail/mail-job.js';
import type { ActiveUserRoles, ActiveUsers } from '../../platform/security/active-users.js';
import type { Tickets, TicketVariant } from '../../platform/http/tickets.js';
import type { MediaService } from '../media/media.service.js';
import { countryOf, isRenderedImage, presentOrder } from './order-presenter.js';
import type { StoredUpload } from './order-uploads.js';
import { columnsOf, flag, formValuesOf, type OrderField } from './order-fields.js';
import { OrderNotifier, recipientsOf } from './order-notifier.js';
import type {
  NewHistoryRow,
  NewOrderRow,
  OrderRow,
  OrderRowUpdate,
  OrdersRepository,
} from './orders.repository.js';

type ParsedReview = z.output<typeof OrderReview>;
type ParsedSearch = z.output<typeof OrderSearch>;

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  mail: MailOutbox;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'companyName'>;
  media: Pick<MediaService, 'storeBlobRow' | 'enqueueRenditions' | 'renditionsOf'>;
  tickets: Pick<Tickets, 'uploadSigner' | 'verifyUpload'>;
  activeUsers: Pick<ActiveUsers, 'rolesOf'>;
}

/** An order file or one of its renditions, ready to stream. */
export interface UploadDelivery {
  sha256: string;
  size: number;
  mimeType: string;
  /** Set for the original: it downloads under the name it was uploaded with. */
  downloadName?: string;
}

/** Spec 4: the history action a status change is logged as. */
const STATUS_ACTION: Record<OrderStatus, HistoryAction> = {
  new: 'CHANGED',
  pending: 'CHANGED',
  accepted: 'ACCEPTED',
  rejected: 'REJECTED',
  completed: 'COMPLETED',
};

/**
 * The status a reviewer (not a super user) may review from: only an order given for review. A
 * rejected order goes back to review after its correction, an accepted one on to completion; a
 * reviewer flipping either directly would skip that step (issue 19).
 */
const REVIEWABLE: OrderStatus[] = ['pending'];

/**
 * Spec 2.10, 4, 6, 7.5: orders of internal staff. The route lets only jde and super users in; this
 * class holds the finer rules: completed orders, status editing, deactivating and deleting files are
 * for super users; a rejection needs a comment; inactive orders are gone for everybody; every change
 * writes history entries with from/to values, in the same transaction as the change and its mails.
 */
export class OrdersService {
  private readonly notifier: OrderNotifier;

  constructor(private readonly deps: OrdersServiceDeps) {
    this.notifier = new OrderNotifier(deps);
  }

  async list(user: AuthUser): Promise<Order[]> {
    return this.present(user, await this.deps.repository.list({ includeCompleted: user.isSuperUser }));
  }

  /** `POST /api/order/search`: a substring of one field (`customField`) or of name, numbers and creator. */
  async search(user: AuthUser, request: ParsedSearch): Promise<Order[]> {
    const columns = {
      name: 'name',
      articleId: 'article_id',
      gtin: 'gtin',
      orderNumber: 'order_number',
      username: 'username',
    } as const;
    const rows = await this.deps.repository.list({
      includeCompleted: user.isSuperUser,
      search: {
        text: request.data,
        columns: request.customField ? [columns[request.customField]] : Object.values(columns),
      },
    });
    return this.present(user, rows);
  }

  async one(user: AuthUser, id: number): Promise<Order> {
    const [order] = await this.present(user, [await this.visible(user, id)]);
    return order!;
  }

  /** Spec 6 badge: super users see active new plus rejected orders, everyone else active pending ones. */
  async count(user: AuthUser): Promise<number> {
    return this.deps.repository.count(user.isSuperUser ? ['new', 'rejected'] : ['pending']);
  }

  /** `PUT`/`POST /api/order`: create without `_id`, change with it; `uploads` become the order's files. */
  async save(user: AuthUser, body: OrderSaveParsed, uploads: StoredUpload[] = []): Promise<Order> {
    return body._id === undefined
      ? this.create(user, body, uploads)
      : this.change(user, body._id, body, uploads);
  }

  private async create(user: AuthUser, body: OrderSaveParsed, uploads: StoredUpload[]): Promise<Order> {
    const now = this.deps.clock.now();
    const row: NewOrderRow = {
      name: body.name ?? '',
      article_id: body.articleId ?? '',
      gtin: body.gtin ?? '',
      created_at: now,
      created_by: user.id,
      username: user.email,
      country_de: flag(body.de ?? false),
      country_at: flag(body.at ?? false),
      country_ch: flag(body.ch ?? false),
      status: 'new',
      last_modified_at: now,
      active: 1,
      kind: body.new ?? 'yes',
      change_data: flag(body.change?.data ?? false),
      change_packshot: flag(body.change?.packshot ?? false),
      packshot: JSON.stringify(body.packshot ?? EMPTY_PACKSHOT),
      internal_date: body.internalDate ?? '',
      external_date: body.externalDate ?? '',
      vertretung: body.vertretung ?? '',
      description: body.description ?? '',
      notify: flag(body.notify ?? false),
    };
    const created = await this.deps.repository.transaction(async (trx) => {
      const order = await this.deps.repository.insert(trx, row, [
        this.entry(user, 'CREATED', { field: 'status', to: 'new' }, now),
      ]);
      await this.attach(trx, order.id, uploads, user, now);
      await this.notifier.send(trx, [user.email], 'confirmation', order, { actor: user.email });
      await this.notifier.send(
        trx,
        recipientsOf(order.vertretung).filter((address) => address !== user.email),
        'vertretung',
        order,
        { actor: user.email },
      );
      return order;
    });
    return this.one(user, created.id);
  }

  private async change(
    user: AuthUser,
    id: number,
    body: OrderSaveParsed,
    uploads: StoredUpload[],
  ): Promise<Order> {
    const order = await this.visible(user, id);
    const now = this.deps.clock.now();
    const before = formValuesOf(order);
    const changes: OrderRowUpdate = {};
    const history: NewHistoryRow[] = [];

    for (const field of Object.keys(before) as OrderField[]) {
      const next = body[field];
      if (next === undefined) continue;
      const from = before[field];
      if (JSON.stringify(from) === JSON.stringify(next)) continue;
      Object.assign(changes, columnsOf(field, next));
      if (field === 'de' || field === 'at' || field === 'ch') continue; // logged once as country below
      history.push(this.entry(user, 'CHANGED', { field, from, to: next }, now));
    }
    const country = countryOf({
      de: body.de ?? before.de,
      at: body.at ?? before.at,
      ch: body.ch ?? before.ch,
    });
    const countryBefore = countryOf(before);
    if (country !== countryBefore) {
      history.push(this.entry(user, 'CHANGED', { field: 'country', from: countryBefore, to: country }, now));
    }

    const status = body.status ?? order.status;
    if (status !== order.status) {
      // Spec 4: the status field is visible only to super users.
      if (!user.isSuperUser) throw new AppError(ErrorCodes.forbidden, 'Only super users set the status');
      changes.status = status;
      history.push(
        this.entry(user, STATUS_ACTION[status], { field: 'status', from: order.status, to: status }, now),
      );
    }
    if (history.length === 0 && uploads.length === 0) return this.one(user, id);
    changes.last_modified_at = now;

    await this.deps.repository.transaction(async (trx) => {
      await this.deps.repository.update(trx, id, changes, history);
      await this.attach(trx, id, uploads, user, now);
      if (status !== order.status) {
        await this.announceStatus(trx, order, status, user, {
          notify: body.notify ?? order.notify === 1,
          isReview: false,
        });
      }
    });
    return this.one(user, id);
  }

  /**
   * `POST /api/order/{id}`: reviewers (jde) accept or reject an order that is up for review; super
   * users set any status (the status update of spec 7.5). Every rejection needs a comment.
   */
  async review(user: AuthUser, id: number, review: ParsedReview): Promise<Order> {
    const order = await this.visible(user, id);
    if (!user.isSuperUser) {
      if (review.status !== 'accepted' && review.status !== 'rejected') {
        throw new AppError(ErrorCodes.forbidden, 'Reviewers accept or reject');
      }
      if (!REVIEWABLE.includes(order.status)) {
        throw new AppError(ErrorCodes.orderNotReviewable, 'The order is not up for review');
      }
      if (review.notify !== undefined)
        throw new AppError(ErrorCodes.forbidden, 'Only super users set notify');
    }
    if (review.status === 'rejected' && !review.comment) {
      throw new AppError(ErrorCodes.orderCommentRequired, 'A rejection needs a comment', [
        { path: 'comment', code: ErrorCodes.orderCommentRequired },
      ]);
    }
    const now = this.deps.clock.now();
    const context: HistoryContext = { field: 'status', from: order.status, to: review.status };
    if (review.comment) context.comment = review.comment;
    const changes: OrderRowUpdate = { status: review.status, last_modified_at: now };
    const history = [this.entry(user, STATUS_ACTION[review.status], context, now)];
    if (review.notify !== undefined && review.notify !== (order.notify === 1)) {
      changes.notify = flag(review.notify);
      history.push(
        this.entry(user, 'CHANGED', { field: 'notify', from: order.notify === 1, to: review.notify }, now),
      );
    }
    await this.deps.repository.transaction(async (trx) => {
      await this.deps.repository.update(trx, id, changes, history);
      await this.announceStatus(trx, order, review.status, user, {
        notify: review.notify ?? order.notify === 1,
        isReview: true,
        comment: review.comment,
      });
    });
    return this.one(user, id);
  }

  /** `DELETE /api/order/{id}`: super users deactivate; the order leaves every list and count. */
  async deactivate(user: AuthUser, id: number): Promise<void> {
    if (!user.isSuperUser) throw new AppError(ErrorCodes.forbidden, 'Only super users delete orders');
    await this.visible(user, id);
    const now = this.deps.clock.now();
    await this.deps.repository.transaction((trx) =>
      this.deps.repository.update(trx, id, { active: 0, last_modified_at: now }, [
        this.entry(user, 'INFO', { field: 'active', from: true, to: false }, now),
      ]),
    );
  }

  /** `DELETE /api/order` {orderId, fileId}: super users remove a file (its blob stays, content-addressed). */
  async removeFile(user: AuthUser, orderId: number, fileId: number): Promise<Order> {
    if (!user.isSuperUser) throw new AppError(ErrorCodes.forbidden, 'Only super users delete order files');
    await this.visible(user, orderId);
    const file = await this.deps.repository.fileOf(orderId, fileId);
    if (!file) throw new AppError(ErrorCodes.orderFileNotFound, 'No such file in this order');
    const now = this.deps.clock.now();
    const action: HistoryAction = isRenderedImage(file.mime_type) ? 'IMAGE_REMOVED' : 'FILE_REMOVED';
    await this.deps.repository.transaction(async (trx) => {
      await this.deps.repository.deleteFile(trx, file.id);
      await this.deps.repository.update(trx, orderId, { last_modified_at: now }, [
        this.entry(user, action, { fileId: file.id, filename: file.original_name }, now),
      ]);
    });
    return this.one(user, orderId);
  }

  /**
   * `GET /api/uploads/[thumb/|preview/]{filename}` (spec 7.4). Either a signed URL from an order
   * answer (for `<img>` tags and plain links) or the bearer token of someone who may see the order.
   * Both get the same rules: jde or super user, and a completed order's files for super users only.
   * Unknown names and files of invisible orders are the same 404; a rendition that the job has not
   * made yet is 404 `previewPending`, which the app retries.
   */
  async openUpload(input: {
    filename: string;
    variant: TicketVariant;
    auth: AuthUser | null;
    u: unknown;
    exp: unknown;
    sig: unknown;
  }): Promise<UploadDelivery> {
    const { filename, variant } = input;
    const signed = input.u !== undefined || input.exp !== undefined || input.sig !== undefined;
    const viewer = signed ? await this.signedViewer(input) : input.auth;
    if (!viewer) throw new AppError(ErrorCodes.unauthorized, 'Sign in first');
    if (!viewer.jde && !viewer.isSuperUser) throw new AppError(ErrorCodes.forbidden, 'You may not do this');
    const file = await this.deps.repository.fileByName(filename);
    const hidden = file && file.status === 'completed' && !viewer.isSuperUser;
    if (!file || file.active !== 1 || hidden)
      throw new AppError(ErrorCodes.orderFileNotFound, 'No such file');
    if (variant === 'original') {
      return {
        sha256: file.blob_sha256,
        size: file.size,
        mimeType: file.mime_type,
        downloadName: file.original_name,
      };
    }
    if (!isRenderedImage(file.mime_type))
      throw new AppError(ErrorCodes.orderFileNotFound, 'No preview of this file');
    const rendition = (await this.deps.media.renditionsOf([file.blob_sha256])).get(file.blob_sha256)?.[
      variant
    ];
    if (!rendition) throw new AppError(ErrorCodes.previewPending, 'The preview is being made');
    const size = await this.deps.repository.blobSize(rendition.sha256);
    return { sha256: rendition.sha256, size: size ?? 0, mimeType: 'image/jpeg' };
  }

  /**
   * The viewer a signed upload URL was issued to, with their roles as they are now (issue 17.4):
   * the URL works for up to an hour after the order was shown, and must not outlast the account
   * (410, as file tickets) nor the roles that let the viewer see the file (checked by the caller).
   */
  private async signedViewer(input: Parameters<Tickets['verifyUpload']>[0]): Promise<ActiveUserRoles> {
    const viewerId = await this.deps.tickets.verifyUpload(input);
    const roles = await this.deps.activeUsers.rolesOf(viewerId);
    if (!roles) {
      throw new AppError(ErrorCodes.ticketExpired, 'The account this link was issued to is not active');
    }
    return roles;
  }

  /**
   * `GET /api/order/article`: the order form's lookup (spec 5). The article number is the assets'
   * linked searchable (custom field 101); name and numbers come from the newest asset, the
   * countries from the roots all its assets are in.
   */
  async lookupArticle(by: { gtin: string } | { articleId: string }): Promise<ArticleLookupAnswer> {
    const assets = await this.deps.repository.articleAssets(by);
    const newest = assets[0];
    if (!newest) throw new AppError(ErrorCodes.articleNotFound, 'No article with this number');
    const roots = new Set(assets.map((asset) => asset.rootId));
    return {
      articleId: newest.articleId ?? ('articleId' in by ? by.articleId : ''),
      gtin: newest.gtin ?? '',
      name: newest.name,
      country: countryOf({
        de: roots.has(COUNTRY_ROOTS.germany),
        at: roots.has(COUNTRY_ROOTS.austria),
        ch: roots.has(COUNTRY_ROOTS.switzerland),
      }),
    };
  }

  /** The order if this user may see it: active, and completed only for super users; else 404. */
  private async visible(user: AuthUser, id: number): Promise<OrderRow> {
    const order = await this.deps.repository.byId(id);
    if (!order || order.active !== 1 || (order.status === 'completed' && !user.isSuperUser)) {
      throw new AppError(ErrorCodes.orderNotFound, 'No such order');
    }
    return order;
  }

  /**
   * Mails about a status change, to the creator and the vertretung (not to whoever made it): ready
   * for review (pending), a review's result (accepted/rejected, with the comment; a super user's
   * correction of the status in the edit form is no review), and completion when notify is set
   * (spec 4). A review is always news (a second rejection brings a new correction); completing an
   * order that already is completed mails nobody.
   */
  private async announceStatus(
    trx: Transaction<Database>,
    order: OrderRow,
    status: OrderStatus,
    user: AuthUser,
    options: { notify: boolean; isReview: boolean; comment?: string },
  ): Promise<void> {
    if (status === 'pending' && order.status !== 'pending')
      await this.notifier.followers(trx, order, 'pending', user);
    if (options.isReview && (status === 'accepted' || status === 'rejected')) {
      await this.notifier.followers(trx, order, 'review', user, {
        status,
        ...(options.comment ? { comment: options.comment } : {}),
      });
    }
    if (status === 'completed' && order.status !== 'completed' && options.notify) {
      await this.notifier.followers(trx, order, 'completed', user);
    }
  }

  /**
   * Files of an order, in the caller's transaction: their blob rows, the file rows, IMAGE_ADDED or
   * FILE_ADDED history, and for images the thumbnail job (it runs only once the order is stored).
   */
  private async attach(
    trx: Transaction<Database>,
    orderId: number,
    uploads: StoredUpload[],
    user: AuthUser,
    now: number,
  ): Promise<void> {
    for (const upload of uploads) {
      await this.deps.media.storeBlobRow(upload.blob, upload.type.mimeType, trx);
      const file = await this.deps.repository.insertFile(trx, {
        order_id: orderId,
        blob_sha256: upload.blob.sha256,
        filename: `${randomBytes(16).toString('base64url')}.${upload.type.extension}`,
        original_name: upload.originalName,
        mime_type: upload.type.mimeType,
        created_at: now,
      });
      const action: HistoryAction = upload.type.isImage ? 'IMAGE_ADDED' : 'FILE_ADDED';
      await this.deps.repository.addHistory(trx, orderId, [
        this.entry(user, action, { fileId: file.id, filename: upload.originalName }, now),
      ]);
      if (upload.type.isImage) await this.deps.media.enqueueRenditions(upload.blob.sha256, trx);
    }
  }

  /** Upload URLs are signed for `user`: serving them checks that user's account and rights again. */
  private async present(user: AuthUser, rows: OrderRow[]): Promise<Order[]> {
    const ids = rows.map((row) => row.id);
    const [files, history, sign] = await Promise.all([
      this.deps.repository.filesOf(ids),
      this.deps.repository.historyOf(ids),
      this.deps.tickets.uploadSigner(user.id),
    ]);
    return rows.map((row) =>
      presentOrder(
        row,
        files.filter((file) => file.order_id === row.id),
        history.filter((entry) => entry.order_id === row.id),
        sign,
      ),
    );
  }

  private entry(user: AuthUser, action: HistoryAction, context: HistoryContext, now: number): NewHistoryRow {
    return { action, username: user.email, created_at: now, context: JSON.stringify(context) };
  }
}
