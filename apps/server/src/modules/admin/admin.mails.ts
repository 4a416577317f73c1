import { APPROVAL_PROMISE_HOURS, type Language } from '@mediabox/contract';
import { renderMail } from '../../platform/mail/layout.js';
import { mailFooter, type MailRecipient } from '../accounts/accounts.mails.js';

/** Admin mails in the recipient's language (de, en, fr); renderMail escapes every value. */

interface Texts {
  rejected: {
    subject: string;
    greeting: (name: string) => string;
    body: string;
    reason: (reason: string) => string;
    after: string;
    action: string;
  };
  reminder: {
    subject: (count: number) => string;
    greeting: (name: string) => string;
    body: (count: number) => string;
    line: (who: string, hours: number) => string;
    more: (count: number) => string;
    action: string;
  };
}

const TEXTS: Record<Language, Texts> = {
  de: {
    rejected: {
      subject: 'Ihre Registrierung bei Mediabox',
      greeting: (name) => `Guten Tag ${name},`,
      body: 'leider können wir Ihre Registrierung bei Mediabox nicht freischalten.',
      reason: (reason) => `Begründung: ${reason}`,
      after: 'Wenn Sie Fragen dazu haben, schreiben Sie uns bitte über das Kontaktformular.',
      action: 'Zum Kontaktformular',
    },
    reminder: {
      subject: (count) =>
        count === 1
          ? `Eine Registrierung wartet seit über ${APPROVAL_PROMISE_HOURS} Stunden auf Freigabe`
          : `${count} Registrierungen warten seit über ${APPROVAL_PROMISE_HOURS} Stunden auf Freigabe`,
      greeting: (name) => `Guten Tag ${name},`,
      body: (count) =>
        `${count === 1 ? 'eine Registrierung wartet' : `${count} Registrierungen warten`} länger als die zugesagten ${APPROVAL_PROMISE_HOURS} Stunden auf Ihre Prüfung:`,
      line: (who, hours) => `${who} – wartet seit ${hours} Stunden`,
      more: (count) => `… und ${count} weitere`,
      action: 'Registrierungen prüfen',
    },
  },
  en: {
    rejected: {
      subject: 'Your Mediabox registration',
      greeting: (name) => `Hello ${name},`,
      body: 'unfortunately we cannot approve your Mediabox registration.',
      reason: (reason) => `Reason: ${reason}`,
      after: 'If you have any questions, please write to us through the contact form.',
      action: 'Contact form',
    },
    reminder: {
      subject: (count) =>
        count === 1
          ? `A registration has been waiting for approval for more than ${APPROVAL_PROMISE_HOURS} hours`
          : `${count} registrations have been waiting for approval for more than ${APPROVAL_PROMISE_HOURS} hours`,
      greeting: (name) => `Hello ${name},`,
      body: (count) =>
        `${count === 1 ? 'a registration has' : `${count} registrations have`} been waiting longer than the promised ${APPROVAL_PROMISE_HOURS} hours for your review:`,
      line: (who, hours) => `${who} – waiting for ${hours} hours`,
      more: (count) => `… and ${count} more`,
      action: 'Review registrations',
    },
  },
  fr: {
    rejected: {
      subject: 'Votre inscription à Mediabox',
      greeting: (name) => `Bonjour ${name},`,
      body: 'nous ne pouvons malheureusement pas valider votre inscription à Mediabox.',
      reason: (reason) => `Motif : ${reason}`,
      after: 'Pour toute question, écrivez-nous via le formulaire de contact.',
      action: 'Formulaire de contact',
    },
    reminder: {
      subject: (count) =>
        count === 1
          ? `Une inscription attend sa validation depuis plus de ${APPROVAL_PROMISE_HOURS} heures`
          : `${count} inscriptions attendent leur validation depuis plus de ${APPROVAL_PROMISE_HOURS} heures`,
      greeting: (name) => `Bonjour ${name},`,
      body: (count) =>
        `${count === 1 ? 'une inscription attend' : `${count} inscriptions attendent`} votre examen depuis plus que les ${APPROVAL_PROMISE_HOURS} heures promises :`,
      line: (who, hours) => `${who} – en attente depuis ${hours} heures`,
      more: (count) => `… et ${count} autres`,
      action: 'Examiner les inscriptions',
    },
  },
};

export function rejectionMail(to: MailRecipient, reason: string, contactUrl: string, company: string) {
  const t = TEXTS[to.lang].rejected;
  return {
    to: [to.email],
    ...renderMail({
      subject: t.subject,
      paragraphs: [t.greeting(to.name), t.body, ...(reason ? [t.reason(reason)] : []), t.after],
      action: { label: t.action, url: contactUrl },
      footer: mailFooter(to.lang, company),
    }),
  };
}

export interface OverdueRegistration {
  name: string;
  company: string;
  email: string;
  waitingHours: number;
}

export function approvalReminderMail(
  to: MailRecipient,
  overdue: { listed: OverdueRegistration[]; total: number },
  reviewUrl: string,
  company: string,
) {
  const t = TEXTS[to.lang].reminder;
  const lines = overdue.listed.map((item) =>
    t.line(`${item.name} (${item.company}, ${item.email})`, item.waitingHours),
  );
  if (overdue.total > overdue.listed.length) lines.push(t.more(overdue.total - overdue.listed.length));
  return {
    to: [to.email],
    ...renderMail({
      subject: t.subject(overdue.total),
      paragraphs: [t.greeting(to.name), t.body(overdue.total), lines.join('\n')],
      action: { label: t.action, url: reviewUrl },
      footer: mailFooter(to.lang, company),
    }),
  };
}
