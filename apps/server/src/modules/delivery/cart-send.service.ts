import { randomBytes } from 'node:crypto';
import type { CartSendRequest } from '@mediabox/contract';
import type { z } from 'zod';
import type { Config } from '../../platform/config.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limiter.js';
import type { MailOutbox } from '../../platform/mail/mail-job.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { BundleLinkRepository } from './bundle-link.repository.js';
import type { BundleService } from './bundle.service.js';
import { cartCopyMail, cartMail, type CartMailInput } from './cart.mails.js';
import { mailItemsOf, senderNameOf, shareLinkUrl } from './link-mail.js';
import { recipientsLine } from './recipients-line.js';

type ParsedSendRequest = z.output<typeof CartSendRequest>;

/**
 * Sending a cart mails a link to any address the user types: bounded per user so that an account
 * cannot be turned into a mail relay (a day's real work stays far below it). Every address of a
 * send, and every link sent again, is one hit.
 */
export const SEND_LIMIT: RateLimitRule = { name: 'cart-send-user', limit: 30, windowMs: 60 * 60 * 1000 };

export interface CartSendDeps {
  bundles: BundleService;
  links: Pick<BundleLinkRepository, 'insert'>;
  accounts: AccountsRepository;
  mail: MailOutbox;
  rateLimiter: RateLimiter;
  config: Pick<Config, 'publicUrl' | 'companyName'>;
}

/**
 * `POST /api/cart/send` (spec 2.6, 7.3; issue 20.2): a bundle of the cart, a message recorded for the
 * sender's /messages, per address its own link and the mail with it (and one copy to the sender when
 * asked), all in one transaction: the mails are queued exactly when the message and links exist. The
 * copy carries the bundle's own name, so the sender's clicks never count as a recipient's activity.
 * The cart stays as it is.
 */
export class CartSendService {
  constructor(private readonly deps: CartSendDeps) {}

  async send(user: AuthUser, request: ParsedSendRequest): Promise<{ filename: string }> {
    const { form, lang } = request;
    const recipients = form.email;
    // Each address is a mail: a user must not relay 300 mails through 30 sends.
    for (let count = 0; count < recipients.length; count += 1) {
      await this.deps.rateLimiter.hit(SEND_LIMIT, String(user.id));
    }
    const senderName = senderNameOf(await this.deps.accounts.findUserById(user.id), user.email);
    const bundle = await this.deps.bundles.createFromCart(user, {
      kind: 'message',
      lang,
      message: {
        senderId: user.id,
        email: recipientsLine(recipients),
        subject: form.subject,
        text: form.text,
        lang,
        copyToSender: form.copyCheckbox,
      },
      afterInsert: async (executor, created) => {
        const { entries, filesSize } = await this.deps.bundles.contentsOf(created.id, executor);
        const now = created.created_at;
        const links = await this.deps.links.insert(
          executor,
          recipients.map((recipient) => ({
            bundle_id: created.id,
            // 128 random bits in a bundle file name's shape: the link is the key.
            name: `${randomBytes(16).toString('base64url')}.zip`,
            recipient,
            lang,
            created_at: now,
            last_sent_at: now,
            expires_at: created.expires_at,
          })),
        );
        const common: Omit<CartMailInput, 'recipient' | 'link'> = {
          lang,
          sender: { name: senderName, email: user.email },
          subject: form.subject,
          text: form.text,
          expiresAt: created.expires_at,
          items: mailItemsOf(entries),
          filesSize,
          company: this.deps.config.companyName,
        };
        for (const link of links) {
          const input = {
            ...common,
            recipient: link.recipient,
            link: shareLinkUrl(this.deps.config.publicUrl, link.name, lang),
          };
          await this.deps.mail.queue(cartMail(input), { executor });
        }
        if (form.copyCheckbox) {
          const copy = {
            ...common,
            recipient: recipients.join(', '),
            link: shareLinkUrl(this.deps.config.publicUrl, created.filename, lang),
          };
          await this.deps.mail.queue(cartCopyMail(copy), { executor });
        }
      },
    });
    return { filename: bundle.filename };
  }
}
