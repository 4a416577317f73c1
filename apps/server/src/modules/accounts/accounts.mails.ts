import type { Language } from '@mediabox/contract';
import { APPROVAL_PROMISE_HOURS } from '@mediabox/contract';
import { renderMail } from '../../platform/mail/layout.js';

/** Account mails in the recipient's language (de, en, fr). Values are escaped by renderMail. */

interface Texts {
  footer: (company: string) => string;
  confirm: {
    subject: string;
    greeting: (name: string) => string;
    body: string;
    action: string;
    after: string;
  };
  reset: { subject: string; greeting: (name: string) => string; body: string; action: string; after: string };
  activated: { subject: string; greeting: (name: string) => string; body: string; action: string };
  passwordChanged: {
    subject: string;
    greeting: (name: string) => string;
    body: string;
    notYou: string;
    action: string;
  };
  contact: {
    subject: (name: string) => string;
    intro: string;
    labels: { name: string; email: string; phone: string; user: string; message: string };
  };
}

const TEXTS: Record<Language, Texts> = {
  de: {
    footer: (company) =>
      `Mediabox – das Medienportal der ${company}. Diese E-Mail wurde automatisch erstellt.`,
    confirm: {
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      greeting: (name) => `Guten Tag ${name},`,
      body: 'vielen Dank für Ihre Registrierung bei Mediabox. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link.',
      action: 'E-Mail-Adresse bestätigen',
      after: `Nach der Bestätigung prüft ein Administrator Ihre Anmeldung, in der Regel innerhalb von ${APPROVAL_PROMISE_HOURS} Stunden.`,
    },
    reset: {
      subject: 'Passwort zurücksetzen',
      greeting: (name) => `Guten Tag ${name},`,
      body: 'für Ihr Mediabox-Konto wurde ein neues Passwort angefordert. Der Link ist eine Stunde gültig.',
      action: 'Neues Passwort festlegen',
      after: 'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren.',
    },
    activated: {
      subject: 'Ihr Mediabox-Konto ist freigeschaltet',
      greeting: (name) => `Guten Tag ${name},`,
      body: 'Ihr Konto wurde von einem Administrator freigeschaltet. Sie können sich jetzt anmelden.',
      action: 'Zur Anmeldung',
    },
    passwordChanged: {
      subject: 'Ihr Mediabox-Passwort wurde geändert',
      greeting: (name) => `Guten Tag ${name},`,
      body: 'das Passwort Ihres Mediabox-Kontos wurde soeben in Ihrem Profil geändert. Andere Anmeldungen wurden beendet.',
      notYou:
        'Waren Sie das nicht? Setzen Sie Ihr Passwort sofort über „Passwort vergessen?“ auf der Anmeldeseite zurück und informieren Sie uns über das Kontaktformular.',
      action: 'Zur Anmeldeseite',
    },
    contact: {
      subject: (name) => `Kontaktanfrage von ${name}`,
      intro: 'Über das Kontaktformular von Mediabox ist eine neue Nachricht eingegangen.',
      labels: {
        name: 'Name',
        email: 'E-Mail',
        phone: 'Telefon',
        user: 'Benutzerkonto',
        message: 'Nachricht',
      },
    },
  },
  en: {
    footer: (company) => `Mediabox – the media portal of ${company}. This e-mail was sent automatically.`,
    confirm: {
      subject: 'Please confirm your e-mail address',
      greeting: (name) => `Hello ${name},`,
      body: 'thank you for signing up to Mediabox. Please confirm your e-mail address with the link below.',
      action: 'Confirm e-mail address',
      after: `Once confirmed, an administrator reviews your registration, usually within ${APPROVAL_PROMISE_HOURS} hours.`,
    },
    reset: {
      subject: 'Reset your password',
      greeting: (name) => `Hello ${name},`,
      body: 'a new password was requested for your Mediabox account. The link is valid for one hour.',
      action: 'Choose a new password',
      after: 'If you did not ask for a new password, you can ignore this e-mail.',
    },
    activated: {
      subject: 'Your Mediabox account is active',
      greeting: (name) => `Hello ${name},`,
      body: 'An administrator has approved your account. You can sign in now.',
      action: 'Sign in',
    },
    passwordChanged: {
      subject: 'Your Mediabox password was changed',
      greeting: (name) => `Hello ${name},`,
      body: 'the password of your Mediabox account was just changed in your profile. Other sign-ins have been ended.',
      notYou:
        'Was this not you? Reset your password at once with "Forgot password?" on the sign-in page and tell us through the contact form.',
      action: 'Go to the sign-in page',
    },
    contact: {
      subject: (name) => `Contact request from ${name}`,
      intro: 'A new message arrived through the Mediabox contact form.',
      labels: { name: 'Name', email: 'E-mail', phone: 'Phone', user: 'User account', message: 'Message' },
    },
  },
  fr: {
    footer: (company) =>
      `Mediabox – le portail médias de ${company}. Cet e-mail a été envoyé automatiquement.`,
    confirm: {
      subject: 'Veuillez confirmer votre adresse e-mail',
      greeting: (name) => `Bonjour ${name},`,
      body: 'merci de votre inscription à Mediabox. Veuillez confirmer votre adresse e-mail à l’aide du lien ci-dessous.',
      action: 'Confirmer l’adresse e-mail',
      after: `Après confirmation, un administrateur examine votre inscription, en général sous ${APPROVAL_PROMISE_HOURS} heures.`,
    },
    reset: {
      subject: 'Réinitialiser votre mot de passe',
      greeting: (name) => `Bonjour ${name},`,
      body: 'un nouveau mot de passe a été demandé pour votre compte Mediabox. Le lien est valable une heure.',
      action: 'Choisir un nouveau mot de passe',
      after: 'Si vous n’avez pas demandé de nouveau mot de passe, ignorez simplement cet e-mail.',
    },
    activated: {
      subject: 'Votre compte Mediabox est activé',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Un administrateur a validé votre compte. Vous pouvez maintenant vous connecter.',
      action: 'Se connecter',
    },
    passwordChanged: {
      subject: 'Votre mot de passe Mediabox a été modifié',
      greeting: (name) => `Bonjour ${name},`,
      body: 'le mot de passe de votre compte Mediabox vient d’être modifié dans votre profil. Les autres connexions ont été fermées.',
      notYou:
        'Ce n’était pas vous ? Réinitialisez immédiatement votre mot de passe avec « Mot de passe oublié ? » sur la page de connexion et prévenez-nous via le formulaire de contact.',
      action: 'Aller à la page de connexion',
    },
    contact: {
      subject: (name) => `Demande de contact de ${name}`,
      intro: 'Un nouveau message est arrivé via le formulaire de contact de Mediabox.',
      labels: {
        name: 'Nom',
        email: 'E-mail',
        phone: 'Téléphone',
        user: 'Compte utilisateur',
        message: 'Message',
      },
    },
  },
};

export interface MailRecipient {
  email: string;
  name: string;
  lang: Language;
}

export function confirmationMail(to: MailRecipient, link: string, company: string) {
  const t = TEXTS[to.lang].confirm;
  return {
    to: [to.email],
    ...renderMail({
      subject: t.subject,
      paragraphs: [t.greeting(to.name), t.body],
      action: { label: t.action, url: link },
      footer: `${t.after}\n${TEXTS[to.lang].footer(company)}`,
    }),
  };
}

export function resetMail(to: MailRecipient, link: string, company: string) {
  const t = TEXTS[to.lang].reset;
  return {
    to: [to.email],
    ...renderMail({
      subject: t.subject,
      paragraphs: [t.greeting(to.name), t.body],
      action: { label: t.action, url: link },
      footer: `${t.after}\n${TEXTS[to.lang].footer(company)}`,
    }),
  };
}

/** The footer every portal mail ends with, in the recipient's language. */
export function mailFooter(lang: Language, company: string): string {
  return TEXTS[lang].footer(company);
}

export function activationMail(to: MailRecipient, loginUrl: string, company: string) {
  const t = TEXTS[to.lang].activated;
  return {
    to: [to.email],
    ...renderMail({
      subject: t.subject,
      paragraphs: [t.greeting(to.name), t.body],
      action: { label: t.action, url: loginUrl },
      footer: TEXTS[to.lang].footer(company),
    }),
  };
}

/** Tells the owner that their password was changed, and what to do if it was not them (issue 17.2). */
export function passwordChangedMail(to: MailRecipient, loginUrl: string, company: string) {
  const t = TEXTS[to.lang].passwordChanged;
  return {
    to: [to.email],
    ...renderMail({
      subject: t.subject,
      paragraphs: [t.greeting(to.name), t.body, t.notYou],
      action: { label: t.action, url: loginUrl },
      footer: TEXTS[to.lang].footer(company),
    }),
  };
}

export function contactMail(
  supportEmail: string,
  sender: { name: string; email: string; phone: string; message: string; userId?: number },
  company: string,
  lang: Language = 'de',
) {
  const t = TEXTS[lang].contact;
  const details = [
    `${t.labels.name}: ${sender.name}`,
    `${t.labels.email}: ${sender.email}`,
    ...(sender.phone ? [`${t.labels.phone}: ${sender.phone}`] : []),
    ...(sender.userId ? [`${t.labels.user}: #${sender.userId}`] : []),
  ].join('\n');
  return {
    to: [supportEmail],
    replyTo: sender.email,
    ...renderMail({
      subject: t.subject(sender.name),
      paragraphs: [t.intro, details, `${t.labels.message}:\n${sender.message}`],
      footer: TEXTS[lang].footer(company),
    }),
  };
}
