import { MEDIA_TYPES, type Language, type MediaType } from '@mediabox/contract';
import { renderMail } from '../../platform/mail/layout.js';
import { mailFooter } from '../accounts/accounts.mails.js';

/** The takedown digest in the recipient's language (de, en, fr); renderMail escapes every value. */

/** One change as a line of the digest. */
export interface DigestChange {
  kind: 'withdrawn' | 'replaced';
  /** The asset's name in the recipient's language (German when it has none). */
  assetName: string;
  gtin: string | null;
  /** For 'replaced': the media type whose file has a new version. */
  mediaType: number | null;
  /** Where a signed-in user gets the new version; none for link recipients (their link serves it). */
  link: string | null;
}

interface Texts {
  subject: string;
  greeting: string;
  intro: (count: number) => string;
  withdrawn: (what: string) => string;
  replaced: (what: string, mediaType: string) => string;
  newVersionAt: (url: string) => string;
  viaLink: string;
  outro: string;
}

const TEXTS: Record<Language, Texts> = {
  de: {
    subject: 'Mediabox: Dateien, die Sie heruntergeladen haben, wurden geändert',
    greeting: 'Guten Tag,',
    intro: (count) =>
      count === 1
        ? 'eine Datei, die Sie in den letzten zwölf Monaten aus Mediabox heruntergeladen haben, wurde geändert:'
        : `${count} Dateien, die Sie in den letzten zwölf Monaten aus Mediabox heruntergeladen haben, wurden geändert:`,
    withdrawn: (what) => `${what} wurde zurückgezogen – bitte nicht mehr verwenden.`,
    replaced: (what, mediaType) =>
      `${what} hat eine neue Version von ${mediaType} – bitte ersetzen Sie Ihre Kopie.`,
    newVersionAt: (url) => `Neue Version: ${url}`,
    viaLink: 'Die neue Version erhalten Sie über den Link, mit dem Sie die Datei heruntergeladen haben.',
    outro: 'Sie erhalten diese Nachricht, weil Sie die Dateien heruntergeladen haben.',
  },
  en: {
    subject: 'Mediabox: files you downloaded have changed',
    greeting: 'Hello,',
    intro: (count) =>
      count === 1
        ? 'a file you downloaded from Mediabox in the last twelve months has changed:'
        : `${count} files you downloaded from Mediabox in the last twelve months have changed:`,
    withdrawn: (what) => `${what} has been withdrawn – please do not use it any more.`,
    replaced: (what, mediaType) => `${what} has a new version of ${mediaType} – please replace your copy.`,
    newVersionAt: (url) => `New version: ${url}`,
    viaLink: 'The link you downloaded the file from gives you the new version.',
    outro: 'You are receiving this message because you downloaded these files.',
  },
  fr: {
    subject: 'Mediabox : des fichiers que vous avez téléchargés ont changé',
    greeting: 'Bonjour,',
    intro: (count) =>
      count === 1
        ? 'un fichier que vous avez téléchargé depuis Mediabox au cours des douze derniers mois a changé :'
        : `${count} fichiers que vous avez téléchargés depuis Mediabox au cours des douze derniers mois ont changé :`,
    withdrawn: (what) => `${what} a été retiré – merci de ne plus l’utiliser.`,
    replaced: (what, mediaType) =>
      `${what} a une nouvelle version : ${mediaType} – merci de remplacer votre copie.`,
    newVersionAt: (url) => `Nouvelle version : ${url}`,
    viaLink: 'Le lien par lequel vous avez téléchargé le fichier vous donne la nouvelle version.',
    outro: 'Vous recevez ce message parce que vous avez téléchargé ces fichiers.',
  },
};

function mediaTypeName(mediaType: number | null, lang: Language): string {
  const known = mediaType !== null ? MEDIA_TYPES[mediaType as MediaType] : undefined;
  return known ? known.name[lang] : String(mediaType ?? '');
}

function lineOf(change: DigestChange, t: Texts, lang: Language): string {
  const what = change.gtin ? `${change.assetName} (GTIN ${change.gtin})` : change.assetName;
  if (change.kind === 'withdrawn') return `• ${t.withdrawn(what)}`;
  const line = `• ${t.replaced(what, mediaTypeName(change.mediaType, lang))}`;
  return change.link ? `${line}\n  ${t.newVersionAt(change.link)}` : line;
}

/** One mail per person: every change they are owed a word about, one line each. */
export function takedownDigestMail(
  to: { email: string; lang: Language },
  changes: DigestChange[],
  company: string,
) {
  const t = TEXTS[to.lang];
  const replacedWithoutLink = changes.some((change) => change.kind === 'replaced' && change.link === null);
  return {
    to: [to.email],
    ...renderMail({
      subject: t.subject,
      paragraphs: [
        t.greeting,
        t.intro(changes.length),
        changes.map((change) => lineOf(change, t, to.lang)).join('\n'),
        ...(replacedWithoutLink ? [t.viaLink] : []),
        t.outro,
      ],
      footer: mailFooter(to.lang, company),
    }),
  };
}
