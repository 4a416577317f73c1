import type { Language } from '@mediabox/contract';
import type { BundleEntryRow } from './bundle.repository.js';
import type { CartMailInput } from './cart.mails.js';

/** The address a recipient's mail links to: their own link, opening in the sender's language (issue 20.1). */
export const shareLinkUrl = (publicUrl: string, name: string, lang: Language) =>
  `${publicUrl}/download/${name}?lang=${lang}`;

/** A bundle's entries as the mail lists them: per article its delivered file names, in zip order. */
export function mailItemsOf(
  entries: Pick<BundleEntryRow, 'asset_id' | 'asset_name' | 'entry_name'>[],
): CartMailInput['items'] {
  const items = new Map<number, { name: string; files: string[] }>();
  for (const entry of entries) {
    const item = items.get(entry.asset_id) ?? { name: entry.asset_name, files: [] };
    item.files.push(entry.entry_name);
    items.set(entry.asset_id, item);
  }
  return [...items.values()];
}

/** The sender as a mail names them: first and last name, or their address when they have none. */
export function senderNameOf(
  sender: { firstname: string; lastname: string } | undefined,
  fallbackEmail: string,
): string {
  const name = sender ? `${sender.firstname} ${sender.lastname}`.trim() : '';
  return name === '' ? fallbackEmail : name;
}
