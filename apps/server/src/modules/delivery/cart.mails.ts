import type { Language } from '@mediabox/contract';
import { renderMail } from '../../platform/mail/layout.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

/** The mail of a sent cart (spec 2.6, 7.3), in the language the sender's app was in. Values are escaped by renderMail. */

interface CartMailTexts {
  subject: (sender: string) => string;
  intro: (sender: string, company: string) => string;
  /** Stands where the sender's own text had a link: the bundle link is the mail's only link. */
  linkRemoved: string;
  /** The articles; `size` is ', 12,3 MB', or '' while a file is still being converted (size unknown). */
  articles: (count: number, size: string) => string;
  validUntil: (date: string) => string;
  action: string;
  copyNote: (recipient: string) => string;
  footer: (company: string) => string;
}

const TEXTS: Record<Language, CartMailTexts> = {
  de: {
    subject: (sender) => `${sender} hat Ihnen Dateien aus Mediabox gesendet`,
    intro: (sender, company) =>
      `${sender} hat Ihnen über Mediabox, das Medienportal der ${company}, Dateien gesendet.`,
    linkRemoved: '[Link entfernt]',
    articles: (count, size) => `${count} Artikel${size}:`,
    validUntil: (date) => `Der Link ist bis zum ${date} gültig.`,
    action: 'Dateien herunterladen',
    copyNote: (recipient) => `Kopie Ihrer Nachricht an ${recipient}.`,
    footer: (company) =>
      `Mediabox – das Medienportal der ${company}. Diese E-Mail wurde automatisch erstellt.`,
  },
  en: {
    subject: (sender) => `${sender} sent you files from Mediabox`,
    intro: (sender, company) => `${sender} sent you files through Mediabox, the media portal of ${company}.`,
    linkRemoved: '[link removed]',
    articles: (count, size) => `${count} ${count === 1 ? 'article' : 'articles'}${size}:`,
    validUntil: (date) => `The link is valid until ${date}.`,
    action: 'Download the files',
    copyNote: (recipient) => `A copy of your message to ${recipient}.`,
    footer: (company) =>
      `Mediabox – the media portal of ${company}. This e-mail was generated automatically.`,
  },
  fr: {
    subject: (sender) => `${sender} vous a envoyé des fichiers depuis Mediabox`,
    intro: (sender, company) =>
      `${sender} vous a envoyé des fichiers via Mediabox, le portail médias de ${company}.`,
    linkRemoved: '[lien supprimé]',
    articles: (count, size) => `${count} ${count === 1 ? 'article' : 'articles'}${size} :`,
    validUntil: (date) => `Le lien est valable jusqu’au ${date}.`,
    action: 'Télécharger les fichiers',
    copyNote: (recipient) => `Copie de votre message à ${recipient}.`,
    footer: (company) =>
      `Mediabox – le portail médias de ${company}. Cet e-mail a été généré automatiquement.`,
  },
};

export interface CartMailInput {
  lang: Language;
  recipient: string;
  sender: { name: string; email: string };
  subject: string;
  text: string;
  link: string;
  expiresAt: number;
  /** Per article its delivered file names: the zip's entry names (delivered-names.ts), nothing else. */
  items: { name: string; files: string[] }[];
  /** null while a converted file is still being made: its size is not known yet. */
  filesSize: number | null;
  company: string;
}

/** DD.MM.YYYY in the portal's time zone (Europe/Berlin), as the app shows validity dates. */
function formatDate(epochMs: number): string {
  return new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(epochMs));
}

export function formatBytes(bytes: number, lang: Language): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit]}`;
}

/**
 * Anything a mail program would turn into a link: addresses with a scheme, `www.…`, and host names
 * followed by a path. The sender's text goes out under the portal's name, so it must not carry a
 * link of its own (phishing); the download button is the only link (issue 17.9).
 */
const LINK_LIKE =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+|\b(?:mailto|tel|data|javascript):\S+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\/\S*/giu;

export function withoutLinks(text: string, replacement: string): string {
  return text.replace(LINK_LIKE, replacement);
}

/** The sender as the recipient must see them: name and address, so nobody can pose as the portal. */
const senderLine = (sender: CartMailInput['sender']) => `${sender.name} (${sender.email})`;

/** The portal's name before the sender's own subject, so the mail is recognisably a forwarded one. */
const subjectOf = (input: CartMailInput, t: CartMailTexts) =>
  input.subject ? `Mediabox: ${input.subject}` : t.subject(input.sender.name);

function paragraphs(input: CartMailInput, t: CartMailTexts): string[] {
  const list = input.items.map((item) => `• ${item.name} (${item.files.join(', ')})`).join('\n');
  const size = input.filesSize === null ? '' : `, ${formatBytes(input.filesSize, input.lang)}`;
  return [
    t.intro(senderLine(input.sender), input.company),
    ...(input.text ? [withoutLinks(input.text, t.linkRemoved)] : []),
    `${t.articles(input.items.length, size)}\n${list}`,
    t.validUntil(formatDate(input.expiresAt)),
  ];
}

/** The mail to the recipient; replies go to the sender. */
export function cartMail(input: CartMailInput): MailMessage {
  const t = TEXTS[input.lang];
  return {
    to: [input.recipient],
    replyTo: input.sender.email,
    ...renderMail({
      subject: subjectOf(input, t),
      paragraphs: paragraphs(input, t),
      action: { label: t.action, url: input.link },
      footer: t.footer(input.company),
    }),
  };
}

/** The copy for the sender (copy-to-me): the same content, with a note whom it went to. */
export function cartCopyMail(input: CartMailInput): MailMessage {
  const t = TEXTS[input.lang];
  return {
    to: [input.sender.email],
    ...renderMail({
      subject: subjectOf(input, t),
      paragraphs: [t.copyNote(input.recipient), ...paragraphs(input, t)],
      action: { label: t.action, url: input.link },
      footer: t.footer(input.company),
    }),
  };
}
