import type { Language, OrderStatus } from '@mediabox/contract';
import { renderMail } from '../../platform/mail/layout.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

/**
 * Order mails (spec 2.10 "a confirmation mail follows"; issue 5): each in the recipient's language.
 * Values are escaped by renderMail.
 */

export type OrderMailKind = 'confirmation' | 'vertretung' | 'pending' | 'review' | 'completed';

export interface OrderMailInput {
  kind: OrderMailKind;
  lang: Language;
  recipient: string;
  orderNumber: string;
  orderName: string;
  /** Who created (confirmation, vertretung) or reviewed (review) the order. */
  actor: string;
  /** For 'review': accepted or rejected. */
  status?: OrderStatus;
  comment?: string;
  /** The order page; left out where the recipient could not open it. */
  link?: string;
  company: string;
}

interface OrderMailTexts {
  subject: Record<OrderMailKind, (number: string) => string>;
  body: Record<OrderMailKind, (input: OrderMailInput) => string>;
  status: Record<OrderStatus, string>;
  comment: string;
  action: string;
  footer: (company: string) => string;
}

const TEXTS: Record<Language, OrderMailTexts> = {
  de: {
    subject: {
      confirmation: (n) => `Ihr Auftrag ${n} ist eingegangen`,
      vertretung: (n) => `Neuer Auftrag ${n} in Mediabox`,
      pending: (n) => `Auftrag ${n} ist bereit zur Abnahme`,
      review: (n) => `Auftrag ${n} wurde geprüft`,
      completed: (n) => `Auftrag ${n} ist erledigt`,
    },
    body: {
      confirmation: (i) =>
        `vielen Dank für Ihren Auftrag „${i.orderName}“. Ihre Auftragsnummer: ${i.orderNumber}.`,
      vertretung: (i) =>
        `${i.actor} hat den Auftrag „${i.orderName}“ (${i.orderNumber}) erstellt und Sie als Vertretung eingetragen.`,
      pending: (i) =>
        `Die Bilder zum Auftrag „${i.orderName}“ (${i.orderNumber}) liegen vor. Bitte prüfen Sie sie und geben Sie sie frei oder lehnen Sie sie mit einer Korrektur ab.`,
      review: (i) => `${i.actor} hat den Auftrag „${i.orderName}“ (${i.orderNumber}) geprüft.`,
      completed: (i) => `Der Auftrag „${i.orderName}“ (${i.orderNumber}) ist erledigt.`,
    },
    status: {
      new: 'In Bearbeitung',
      pending: 'Bereit zur Abnahme',
      accepted: 'Ergebnis: Akzeptiert',
      rejected: 'Ergebnis: Abgelehnt',
      completed: 'Erledigt',
    },
    comment: 'Korrektur',
    action: 'Auftrag öffnen',
    footer: (c) => `Mediabox – das Medienportal der ${c}. Diese E-Mail wurde automatisch erstellt.`,
  },
  en: {
    subject: {
      confirmation: (n) => `Your order ${n} has been received`,
      vertretung: (n) => `New order ${n} in Mediabox`,
      pending: (n) => `Order ${n} is ready for review`,
      review: (n) => `Order ${n} has been reviewed`,
      completed: (n) => `Order ${n} is completed`,
    },
    body: {
      confirmation: (i) => `Thank you for your order “${i.orderName}”. Your order number: ${i.orderNumber}.`,
      vertretung: (i) =>
        `${i.actor} created the order “${i.orderName}” (${i.orderNumber}) and named you as a deputy.`,
      pending: (i) =>
        `The images for the order “${i.orderName}” (${i.orderNumber}) are ready. Please review them and accept them or reject them with a correction.`,
      review: (i) => `${i.actor} reviewed the order “${i.orderName}” (${i.orderNumber}).`,
      completed: (i) => `The order “${i.orderName}” (${i.orderNumber}) is completed.`,
    },
    status: {
      new: 'In progress',
      pending: 'Ready for review',
      accepted: 'Result: accepted',
      rejected: 'Result: rejected',
      completed: 'Completed',
    },
    comment: 'Correction',
    action: 'Open the order',
    footer: (c) => `Mediabox – the media portal of ${c}. This e-mail was generated automatically.`,
  },
  fr: {
    subject: {
      confirmation: (n) => `Votre commande ${n} a été reçue`,
      vertretung: (n) => `Nouvelle commande ${n} dans Mediabox`,
      pending: (n) => `La commande ${n} est prête pour validation`,
      review: (n) => `La commande ${n} a été vérifiée`,
      completed: (n) => `La commande ${n} est terminée`,
    },
    body: {
      confirmation: (i) =>
        `Merci pour votre commande « ${i.orderName} ». Votre numéro de commande : ${i.orderNumber}.`,
      vertretung: (i) =>
        `${i.actor} a créé la commande « ${i.orderName} » (${i.orderNumber}) et vous a désigné comme suppléant.`,
      pending: (i) =>
        `Les images de la commande « ${i.orderName} » (${i.orderNumber}) sont prêtes. Veuillez les vérifier, puis les accepter ou les refuser avec une correction.`,
      review: (i) => `${i.actor} a vérifié la commande « ${i.orderName} » (${i.orderNumber}).`,
      completed: (i) => `La commande « ${i.orderName} » (${i.orderNumber}) est terminée.`,
    },
    status: {
      new: 'En cours',
      pending: 'Prête pour validation',
      accepted: 'Résultat : acceptée',
      rejected: 'Résultat : refusée',
      completed: 'Terminée',
    },
    comment: 'Correction',
    action: 'Ouvrir la commande',
    footer: (c) => `Mediabox – le portail médias de ${c}. Cet e-mail a été généré automatiquement.`,
  },
};

export function orderMail(input: OrderMailInput): MailMessage {
  const t = TEXTS[input.lang];
  const paragraphs = [t.body[input.kind](input)];
  if (input.kind === 'review' && input.status) paragraphs.push(t.status[input.status]);
  if (input.comment) paragraphs.push(`${t.comment}: ${input.comment}`);
  return {
    to: [input.recipient],
    ...renderMail({
      subject: t.subject[input.kind](input.orderNumber),
      paragraphs,
      ...(input.link ? { action: { label: t.action, url: input.link } } : {}),
      footer: t.footer(input.company),
    }),
  };
}
