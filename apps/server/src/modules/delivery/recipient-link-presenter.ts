import { LANGUAGES, type Language, type LinkDownload, type RecipientLink } from '@mediabox/contract';
import type { LinkDownloadRow, LinkRow } from './bundle-link.repository.js';

const iso = (epochMs: number) => new Date(epochMs).toISOString();
const isoOrNull = (epochMs: number | null) => (epochMs === null ? null : iso(epochMs));

export const linkLanguage = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'de';

/** Revoked wins over expired: the sender's own act is what they must see. */
export function linkState(
  link: Pick<LinkRow, 'revoked_at' | 'expires_at'>,
  now: number,
): RecipientLink['state'] {
  if (link.revoked_at !== null) return 'revoked';
  return link.expires_at <= now ? 'expired' : 'active';
}

/** A link row and its downloads (newest first, already cut to LINK_DOWNLOADS_SHOWN) as the contract's RecipientLink. */
export function presentLink(link: LinkRow, downloads: LinkDownloadRow[], now: number): RecipientLink {
  return {
    name: link.name,
    recipient: link.recipient,
    lang: linkLanguage(link.lang),
    state: linkState(link, now),
    createdAt: iso(link.created_at),
    lastSentAt: iso(link.last_sent_at),
    validUntil: iso(link.expires_at),
    revokedAt: isoOrNull(link.revoked_at),
    firstOpenedAt: isoOrNull(link.first_opened_at),
    lastActivityAt: isoOrNull(link.last_activity_at),
    downloads: downloads.map((row): LinkDownload => ({
      kind: row.kind,
      name: row.kind === 'file' ? row.entry_name : null,
      at: iso(row.at),
      complete: Number(row.complete) === 1,
    })),
  };
}

/** Downloads grouped by link id, order kept. */
export function downloadsByLink(rows: LinkDownloadRow[]): Map<number, LinkDownloadRow[]> {
  const grouped = new Map<number, LinkDownloadRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.link_id) ?? [];
    list.push(row);
    grouped.set(row.link_id, list);
  }
  return grouped;
}
