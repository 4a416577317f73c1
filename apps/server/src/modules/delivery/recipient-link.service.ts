import {
  ErrorCodes,
  type AdminLinksAnswer,
  type AdminLinksQuery,
  type RecipientLink,
} from '@mediabox/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { RateLimiter } from '../../platform/http/rate-limiter.js';
import type { MailOutbox } from '../../platform/mail/mail-job.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { BundleLinkRepository, LinkRow, OwnedLinkRow } from './bundle-link.repository.js';
import type { BundleRepository } from './bundle.repository.js';
import { BUNDLE_VALIDITY_MS } from './bundle.service.js';
import { SEND_LIMIT } from './cart-send.service.js';
import { cartMail } from './cart.mails.js';
import { mailItemsOf, senderNameOf, shareLinkUrl } from './link-mail.js';
import { downloadsByLink, linkLanguage, presentLink } from './recipient-link-presenter.js';

export interface RecipientLinkDeps {
  links: BundleLinkRepository;
  bundles: Pick<BundleRepository, 'entriesOf' | 'messageOf'>;
  accounts: Pick<AccountsRepository, 'findUserById'>;
  mail: MailOutbox;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'companyName'>;
}

/**
 * What a sender (or a super user) does with a recipient's link after sending (issue 20.2): revoke
 * it, extend it by the spec's 14 days from today, or send it again; and the admin list of all links.
 */
export class RecipientLinkService {
  constructor(private readonly deps: RecipientLinkDeps) {}

  /** `POST /api/links/{name}/revoke`: from then on the link answers 410; revoking twice changes nothing. */
  async revoke(user: AuthUser, name: string): Promise<RecipientLink> {
    const link = await this.ownedBy(user, name);
    await this.deps.links.revoke(link.id, this.deps.clock.now());
    return this.present(name);
  }

  /** `POST /api/links/{name}/extend`: valid 14 days from now; the bundle lives as long as its longest link. */
  async extend(user: AuthUser, name: string): Promise<RecipientLink> {
    const link = await this.ownedBy(user, name);
    if (link.revoked_at !== null) throw new AppError(ErrorCodes.linkRevoked, 'This link was revoked');
    await this.deps.links.extend(link, this.deps.clock.now() + BUNDLE_VALIDITY_MS);
    return this.present(name);
  }

  /** `POST /api/links/{name}/resend`: the same link in a new mail to the same address, one hit of the send limit. */
  async resend(user: AuthUser, name: string): Promise<RecipientLink> {
    const link = await this.ownedBy(user, name);
    const now = this.deps.clock.now();
    if (link.revoked_at !== null) throw new AppError(ErrorCodes.linkRevoked, 'This link was revoked');
    if (link.expires_at <= now || link.bundle_expires_at <= now) {
      throw new AppError(ErrorCodes.bundleExpired, 'This link has expired');
    }
    await this.deps.rateLimiter.hit(SEND_LIMIT, String(user.id));
    const [message, entries, owner] = await Promise.all([
      this.deps.bundles.messageOf(link.bundle_id),
      this.deps.bundles.entriesOf([link.bundle_id]),
      this.deps.accounts.findUserById(link.owner_id),
    ]);
    const lang = linkLanguage(link.lang);
    const senderEmail = owner?.email ?? user.email;
    const mail = cartMail({
      lang,
      recipient: link.recipient,
      sender: { name: senderNameOf(owner, senderEmail), email: senderEmail },
      subject: message?.subject ?? '',
      text: message?.text ?? '',
      link: shareLinkUrl(this.deps.config.publicUrl, link.name, lang),
      expiresAt: link.expires_at,
      items: mailItemsOf(entries),
      // What is left of the bundle now (withdrawn assets leave it, entriesOf).
      filesSize: entries.reduce((sum, entry) => sum + Number(entry.size), 0),
      company: this.deps.config.companyName,
    });
    await this.deps.links.transaction(async (executor) => {
      await this.deps.mail.queue(mail, { executor });
      await this.deps.links.markSent(link.id, now, executor);
    });
    return this.present(name);
  }

  /** `GET /api/admin/links` (super users): every link with its sender and activity, newest first. */
  async adminList(query: z.output<typeof AdminLinksQuery>): Promise<AdminLinksAnswer> {
    const { rows, total } = await this.deps.links.adminPage(query);
    const downloads = downloadsByLink(await this.deps.links.downloadsOf(rows.map((row) => row.id)));
    const now = this.deps.clock.now();
    return {
      total,
      links: rows.map((row) => ({
        ...presentLink(row, downloads.get(row.id) ?? [], now),
        sender: {
          id: row.sender_id,
          email: row.sender_email,
          name: `${row.sender_firstname} ${row.sender_lastname}`.trim(),
        },
        subject: row.subject ?? '',
        itemCount: row.item_count,
      })),
    };
  }

  /** The link if the user sent it or is a super user; otherwise 404, as for a link that does not exist. */
  private async ownedBy(user: AuthUser, name: string): Promise<OwnedLinkRow> {
    const link = await this.deps.links.findOwned(name);
    if (!link || (link.owner_id !== user.id && !user.isSuperUser)) {
      throw new AppError(ErrorCodes.linkNotFound, 'No such link');
    }
    return link;
  }

  private async present(name: string): Promise<RecipientLink> {
    const link: LinkRow | undefined = await this.deps.links.findByName(name);
    if (!link) throw new AppError(ErrorCodes.linkNotFound, 'No such link');
    const downloads = await this.deps.links.downloadsOf([link.id]);
    return presentLink(link, downloads, this.deps.clock.now());
  }
}
