import type { CartSendRequest } from '@mediabox/contract';
import type { z } from 'zod';
import type { Config } from '../../platform/config.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limiter.js';
import type { MailOutbox } from '../../platform/mail/mail-job.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { BundleService } from './bundle.service.js';
import { cartCopyMail, cartMail, type CartMailInput } from './cart.mails.js';

type ParsedSendRequest = z.output<typeof CartSendRequest>;

/**
 * Sending a cart mails a link to any address the user types: bounded per user so that an account
 * cannot be turned into a mail relay (a day's real work stays far below it).
 */
export const SEND_LIMIT: RateLimitRule = { name: 'cart-send-user', limit: 30, windowMs: 60 * 60 * 1000 };

export interface CartSendDeps {
  bundles: BundleService;
  accounts: AccountsRepository;
  mail: MailOutbox;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'publicUrl' | 'companyName'>;
}

/**
 * `POST /api/cart/send` (spec 2.6, 7.3): a bundle of the cart, a message recorded for the sender's
 * /messages, and the mail to the recipient (and a copy to the sender when asked), all in one
 * transaction: the mail is queued exactly when the message exists. The cart stays as it is.
 */
export class CartSendService {
  constructor(private readonly deps: CartSendDeps) {}

  async send(user: AuthUser, request: ParsedSendRequest): Promise<{ filename: string }> {
    await this.deps.rateLimiter.hit(SEND_LIMIT, String(user.id));
    const sender = await this.deps.accounts.findUserById(user.id);
    const senderName = sender ? `${sender.firstname} ${sender.lastname}`.trim() : user.email;
    const { form, lang } = request;
    const bundle = await this.deps.bundles.createFromCart(user, {
      kind: 'message',
      lang,
      message: {
        senderId: user.id,
        email: form.email,
        subject: form.subject,
        text: form.text,
        lang,
        copyToSender: form.copyCheckbox,
      },
      afterInsert: async (executor, created) => {
        const entries = await this.deps.bundles.entriesOf(created.id, executor);
        const items = new Map<number, { name: string; files: string[] }>();
        for (const entry of entries) {
          const item = items.get(entry.asset_id) ?? { name: entry.asset_name, files: [] };
          item.files.push(entry.entry_name);
          items.set(entry.asset_id, item);
        }
        const input: CartMailInput = {
          lang,
          recipient: form.email,
          sender: { name: senderName, email: user.email },
          subject: form.subject,
          text: form.text,
          // The share page opens in the language the sender wrote in (issue 20.1).
          link: `${this.deps.config.publicUrl}/download/${created.filename}?lang=${lang}`,
          expiresAt: created.expires_at,
          items: [...items.values()],
          filesSize: created.files_size,
          company: this.deps.config.companyName,
        };
        await this.deps.mail.queue(cartMail(input), { executor });
        if (form.copyCheckbox) await this.deps.mail.queue(cartCopyMail(input), { executor });
      },
    });
    return { filename: bundle.filename };
  }
}
