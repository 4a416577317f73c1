import type { AddressObject, ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/** Plain addresses of a parsed header (to, cc, reply-to). */
export function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? ''));
}

/** Runs the due jobs (the mail queue) and answers every mail sent to `address`, oldest first. */
export async function deliveredMailsTo(t: TestApp, address: string): Promise<ParsedMail[]> {
  await t.runJobs();
  return (await t.mails()).filter((mail) => addressesOf(mail.to).includes(address));
}

/** The one newest mail to `address`; fails the test when there is none. */
export async function lastMailTo(t: TestApp, address: string): Promise<ParsedMail> {
  const mails = await deliveredMailsTo(t, address);
  const mail = mails.at(-1);
  expect(mail, `no mail to ${address}`).toBeDefined();
  return mail!;
}

/**
 * The link of the given kind in a mail's text (e.g. `/confirm/`), as the recipient would click it,
 * and the token in it. Fails when the mail has none.
 */
export function linkIn(
  mail: ParsedMail,
  kind: '/confirm/' | '/reset_password/' | '/login',
): { url: string; token: string; path: string } {
  const text = mail.text ?? '';
  const pattern = new RegExp(`https?://[^\\s]+${kind.replaceAll('/', '\\/')}([A-Za-z0-9_-]*)`);
  const match = pattern.exec(text);
  expect(match, `no ${kind} link in:\n${text}`).not.toBeNull();
  const url = match![0];
  return { url, token: match![1] ?? '', path: new URL(url).pathname };
}
