import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Helpers that reach the running portal the way an operator would: its CLI and its mail outbox. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dataDir = process.env.MEDIABOX_E2E_DATA_DIR!;
export const ADMIN = { email: 'admin@nordstern-kaffee.example', password: 'Admin-Passwort-1' };

/** Runs `mediabox …` against the test portal's data directory. */
export function mediabox(...args: string[]): string {
  return execFileSync('node', [path.join(root, 'apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

/**
 * Parsed outbox mails by file name, size and modification time. The outbox grows to hundreds of
 * mails over a run and a wait polls every 250 ms: parsing each file once keeps the polling cheap.
 * A file is written whole and renamed into place, and a mail sent again with the same key replaces
 * its file (new size or time), so the stamp tells when to parse again.
 */
const parsedMails = new Map<string, { stamp: string; mail: ParsedMail }>();

async function outboxMail(file: string): Promise<ParsedMail> {
  const stat = fs.statSync(file);
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const known = parsedMails.get(file);
  if (known?.stamp === stamp) return known.mail;
  const mail = await simpleParser(fs.readFileSync(file));
  parsedMails.set(file, { stamp, mail });
  return mail;
}

/** Waits until a mail to `address` whose subject matches arrives in the outbox, and parses it. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 15_000): Promise<ParsedMail> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = await outboxMail(path.join(outbox, file));
      const to = Array.isArray(mail.to)
        ? mail.to.map((entry) => entry.text).join(',')
        : (mail.to?.text ?? '');
      if (to.includes(address) && subject.test(mail.subject ?? '')) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${address} matching ${subject} within ${timeoutMs} ms`);
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkFrom(mail: ParsedMail, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s)>"]+`).exec(
    mail.text ?? '',
  );
  if (!match) throw new Error(`No link starting with ${prefix} in mail "${mail.subject}"`);
  return match[0];
}
