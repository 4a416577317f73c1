import type net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as a real SMTP server received it: the envelope's recipients and the parsed message. */
export interface ReceivedMail {
  envelopeTo: string[];
  mail: ParsedMail;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:{port}`, for the app's SMTP_URL. */
  url: string;
  /** Every mail received so far, in order. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives: mail tests go through
 * nodemailer, the protocol and a parser, not through the outbox directory.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
