import { z } from 'zod';
import { AdminPageQuery } from './admin.js';
import { LanguageSchema } from './common.js';

/**
 * One link per recipient of a sent cart (issue 20.2): the recipient's own key to the bundle, and
 * the delivery facts of it. No IP address, no cookie: a guest is known only through their link.
 */

/** A file (or the whole zip) taken through a link. */
export const LinkDownload = z.object({
  /** 'file': one file of the share page; 'zip': all as zip. */
  kind: z.enum(['file', 'zip']),
  /** The delivered file name for a file; null for the zip. */
  name: z.string().nullable(),
  /** ISO date-time the download started. */
  at: z.string(),
  /** Whether its last byte went out. */
  complete: z.boolean(),
});
export type LinkDownload = z.infer<typeof LinkDownload>;

export const LINK_STATES = ['active', 'revoked', 'expired'] as const;

export const RecipientLink = z.object({
  /** The link's own name: `/download/{name}` is the recipient's share page. */
  name: z.string(),
  recipient: z.string(),
  lang: LanguageSchema,
  state: z.enum(LINK_STATES),
  /** ISO date-times; null where it has not happened. */
  createdAt: z.string(),
  lastSentAt: z.string(),
  validUntil: z.string(),
  revokedAt: z.string().nullable(),
  firstOpenedAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  /** Newest first, at most LINK_DOWNLOADS_SHOWN. */
  downloads: z.array(LinkDownload),
});
export type RecipientLink = z.infer<typeof RecipientLink>;

/** How many downloads of one link a list shows (the newest). */
export const LINK_DOWNLOADS_SHOWN = 20;

/** `POST /api/links/{name}/revoke|extend|resend`. */
export const LinkParams = z.object({ name: z.string().max(100) });
export const RecipientLinkAnswer = z.object({ link: RecipientLink });
export type RecipientLinkAnswer = z.infer<typeof RecipientLinkAnswer>;

/** What a super user sees of a link in the admin area: the link, who sent it and what. */
export const AdminRecipientLink = RecipientLink.extend({
  sender: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  subject: z.string(),
  /** Articles in the bundle. */
  itemCount: z.number().int(),
});
export type AdminRecipientLink = z.infer<typeof AdminRecipientLink>;

/** `GET /api/admin/links`: newest first; `q` matches recipient or sender address. */
export const AdminLinksQuery = AdminPageQuery.extend({
  q: z.string().trim().max(254).optional().default(''),
});
export const AdminLinksAnswer = z.object({ links: z.array(AdminRecipientLink), total: z.number().int() });
export type AdminLinksAnswer = z.infer<typeof AdminLinksAnswer>;
