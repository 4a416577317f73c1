import { LANGUAGES, type Language } from '@mediabox/contract';
import type { Transaction } from 'kysely';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/schema.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { MailOutbox } from '../../platform/mail/mail-job.js';
import { orderMail, type OrderMailInput, type OrderMailKind } from './orders.mails.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

export const recipientsOf = (vertretung: string) => vertretung.split(',').filter(Boolean);

/**
 * Queues the order mails as durable jobs inside the caller's transaction: a mail goes out exactly
 * when the change it reports is stored. Each recipient gets the language of their account, or the
 * default language when the address has none (outside vertretung recipients).
 */
export class OrderNotifier {
  constructor(
    private readonly deps: {
      repository: OrdersRepository;
      mail: MailOutbox;
      config: Pick<Config, 'publicUrl' | 'companyName'>;
    },
  ) {}

  /** Review and completion mails go to the creator and the vertretung, not to whoever acted. */
  async followers(
    trx: Transaction<Database>,
    order: OrderRow,
    kind: OrderMailKind,
    actor: AuthUser,
    extra: Pick<OrderMailInput, 'status' | 'comment'> = {},
  ): Promise<void> {
    const recipients = [order.username, ...recipientsOf(order.vertretung)].filter(
      (address) => address !== actor.email,
    );
    await this.send(trx, recipients, kind, order, { actor: actor.email, ...extra });
  }

  async send(
    trx: Transaction<Database>,
    recipients: string[],
    kind: OrderMailKind,
    order: OrderRow,
    extra: Pick<OrderMailInput, 'actor' | 'status' | 'comment'>,
  ): Promise<void> {
    const unique = [...new Set(recipients)];
    const accounts = await this.deps.repository.recipientsOf(unique, trx);
    for (const recipient of unique) {
      const account = accounts.get(recipient);
      const stored = account?.lang;
      // Completed orders are for super users only (spec 6): others get the news without a dead link.
      const canOpen = kind !== 'completed' || account?.isSuperUser === true;
      const lang: Language = LANGUAGES.find((language) => language === stored) ?? 'de';
      const message = orderMail({
        kind,
        lang,
        recipient,
        orderNumber: order.order_number ?? '',
        orderName: order.name,
        link: canOpen ? `${this.deps.config.publicUrl}/order/${order.id}/0` : undefined,
        company: this.deps.config.companyName,
        ...extra,
      });
      await this.deps.mail.queue(message, { executor: trx });
    }
  }
}
