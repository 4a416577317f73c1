import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';

export const MailMessage = z.object({
  to: z.array(z.string()).min(1),
  cc: z.array(z.string()).optional(),
  replyTo: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type MailMessage = z.infer<typeof MailMessage>;

export interface Mailer {
  /** `key` is stable per logical mail: sending the same key again replaces, it does not duplicate, an outbox file. */
  send(message: MailMessage, key: string): Promise<void>;
  readonly description: string;
}

/** SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  return options.smtpUrl
    ? new SmtpMailer(options.smtpUrl, options.from)
    : new OutboxMailer(options.outboxDir, options.from);
}

class SmtpMailer implements Mailer {
  private readonly transport;
  readonly description: string;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
    const parsed = new URL(url);
    this.description = `${parsed.protocol}//${parsed.host}`;
  }
  async send(message: MailMessage, key: string): Promise<void> {
    await this.transport.sendMail({ ...message, from: this.from, messageId: messageId(key, this.from) });
  }
}

class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  readonly description: string;
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    this.description = `outbox ${dir}`;
  }
  async send(message: MailMessage, key: string): Promise<void> {
    const info = await this.transport.sendMail({
      ...message,
      from: this.from,
      messageId: messageId(key, this.from),
    });
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${key.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`);
    // Write then rename: a reader never sees half a mail, and a crash leaves only a temp file.
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, info.message as Buffer);
    await fs.rename(temp, file);
  }
}

function messageId(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'mediabox.local';
  return `<${key}@${domain}>`;
}
