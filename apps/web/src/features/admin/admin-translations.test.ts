import {
  AUDIT_ACTIONS,
  PRESET_COLOUR_SPACES,
  PRESET_SIZE_MODES,
  AUDIT_TARGET_TYPES,
  ErrorCodes,
  JOB_STATES,
  LANGUAGES,
  LINK_STATES,
  USER_STATES,
} from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { resourcesByLanguage } from '../../shared/i18n/all-translations';
import { translationAt, usedTranslationKeys } from '../../shared/testing/translation-keys';
import { REFUSAL_TEXTS } from './lib/upload-refusals';
import { LINK_COLUMNS } from './components/link-row';
import { PRESET_COLUMNS } from './components/preset-row';
import { ADMIN_SECTIONS } from './pages/admin-page';

/** Every `admin.…` key the screens name literally, plus those put together at run time. */
const KEY_LITERAL = /['"`](admin\.[\w.]+)['"`]/g;

const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const BUILT = [
  ...ADMIN_SECTIONS.map((section) => `admin.tabs.${section}`),
  ...USER_STATES.map((state) => `admin.states.${state}`),
  ...AUDIT_ACTIONS.map((action) => `admin.audit.actions.${action}`),
  ...AUDIT_TARGET_TYPES.map((type) => `admin.audit.targets.${type}`),
  ...['deactivate', 'reactivate', 'grantSuperUser', 'revokeSuperUser'].flatMap((kind) =>
    ['title', 'text', 'yes'].map((part) => `admin.users.confirm.${kind}.${part}`),
  ),
  ...['name', 'company', 'email', 'contactPerson', 'internal', 'confirmedAt', 'waiting', 'actions'].map(
    (column) => `admin.registrations.columns.${column}`,
  ),
  ...['name', 'email', 'company', 'state', 'internal', 'superUser', 'lastLogin', 'downloads', 'actions'].map(
    (column) => `admin.users.columns.${column}`,
  ),
  ...['asset', 'requestedBy', 'reason', 'requestedAt', 'actions'].map((c) => `admin.removals.columns.${c}`),
  ...['at', 'actor', 'action', 'target', 'change'].map((column) => `admin.audit.columns.${column}`),
  ...JOB_STATES.flatMap((state) =>
    ['states', 'hints', 'labels', 'empty'].map((part) => `admin.jobs.${part}.${state}`),
  ),
  ...['name', 'attempts', 'failedAt', 'runAt', 'lastError', 'actions'].map((c) => `admin.jobs.columns.${c}`),
  ...LINK_COLUMNS.map((column) => `admin.links.columns.${column}`),
  ...LINK_STATES.map((state) => `admin.links.states.${state}`),
  ...['asset', 'change', 'at', 'told', 'mailed'].map((column) => `admin.takedowns.columns.${column}`),
  ...['deactivateOne', 'reactivateOne', 'deactivate', 'reactivate'].map((key) => `admin.users.${key}`),
  // Issue 23: "SSO required for staff", switched on (require) or off (release).
  ...['require', 'release'].flatMap((kind) => [
    ...['title', 'text', 'yes'].map((part) => `admin.sso.confirm.${kind}.${part}`),
    `admin.sso.saved.${kind}`,
  ]),
  ...['preview', 'name', 'gtin', 'view', 'state', 'updatedAt'].map(
    (c) => `admin.catalogue.assets.columns.${c}`,
  ),
  ...['file', 'outcome', 'gtin', 'view', 'version', 'variant', 'asset'].map(
    (column) => `admin.catalogue.upload.columns.${column}`,
  ),
  ...['mediaType', 'version', 'file', 'size', 'dimensions', 'createdAt'].map(
    (column) => `admin.catalogue.files.columns.${column}`,
  ),
  // The catalogue's error codes, and the import service's reasons for a refused file.
  ...Object.values(ErrorCodes).filter((code) => code.startsWith('admin.catalogue.errors.')),
  ...Object.values(ErrorCodes).filter((code) => code.startsWith('admin.jobs.errors.')),
  ...Object.values(REFUSAL_TEXTS).filter((text) => text !== null),
  // Conversion presets (issue 21.1): columns, size modes and their summaries, colour spaces, names.
  ...PRESET_COLUMNS.map((column) => `admin.presets.columns.${column}`),
  ...PRESET_SIZE_MODES.flatMap((mode) => [`admin.presets.modes.${mode}`, `admin.presets.summary.${mode}`]),
  ...PRESET_COLOUR_SPACES.map((space) => `admin.presets.colourSpaces.${space}`),
  ...LANGUAGES.map((lang) => `admin.presets.form.name.${lang}`),
  ...Object.values(ErrorCodes).filter((code) => code.startsWith('admin.presets.errors.')),
];

/** A key exists as a text, or (for counted texts) as its plural forms `…_one` and `…_other`. */
const hasText = (tree: unknown, key: string) =>
  typeof translationAt(tree, key) === 'string' ||
  (typeof translationAt(tree, `${key}_one`) === 'string' &&
    typeof translationAt(tree, `${key}_other`) === 'string');

const usedKeys = () =>
  usedTranslationKeys({ sources, pattern: KEY_LITERAL, built: BUILT, errorPrefix: 'admin.errors.' });

describe('admin translations', () => {
  const resources = resourcesByLanguage();

  it('finds the keys it checks', () => {
    expect(usedKeys().size).toBeGreaterThan(80);
  });

  it.each(LANGUAGES)('has every key the administration uses in %s', (lang) => {
    const missing = [...usedKeys()].filter((key) => !hasText(resources[lang], key));
    expect(missing).toEqual([]);
  });

  it('reads the texts of issue 6 in German', () => {
    const de = (key: string) => translationAt(resources.de, key);
    expect(ADMIN_SECTIONS.map((section) => de(`admin.tabs.${section}`))).toEqual([
      'Registrierungen',
      'Benutzer',
      'Löschanfragen',
      'Katalog',
      'Geteilte Links',
      'Rückrufe',
      'Vorgaben',
      'Hintergrundaufgaben',
      'Protokoll',
      'Auswertungen',
    ]);
    expect(de('admin.registrations.waitingFor')).toBe('seit {{count}} Std.');
    expect(de('admin.jobs.empty.failed')).toBe('Keine fehlgeschlagenen Aufgaben – alles ist gelaufen.');
    expect(de('admin.removals.confirmDialog.text')).toMatch(/^Das Asset wird zurückgezogen/);
    expect(de('admin.catalogue.upload.zone')).toBe('GS1-benannte Bilder hier ablegen oder Dateien auswählen');
    expect(de('import.errors.badGtin')).toMatch(/^Das ist keine gültige GTIN/);
  });

  it('reads the takedown texts of issue 20.3 in German', () => {
    const de = (key: string) => translationAt(resources.de, key);
    expect(de('admin.takedowns.withdrawnTold_other')).toBe(
      '{{name}} wurde zurückgezogen – {{count}} Personen werden benachrichtigt.',
    );
    expect(de('admin.takedowns.withdrawnTold_zero')).toMatch(/niemand hatte es heruntergeladen\.$/);
    expect(de('admin.takedowns.sendNow')).toBe('Jetzt benachrichtigen');
    expect(de('admin.takedowns.sent_other')).toBe('{{count}} E-Mails versendet.');
  });

  it('reads the preset texts of issue 21.1 in German', () => {
    const de = (key: string) => translationAt(resources.de, key);
    expect(de('admin.presets.label')).toBe('Umwandlungsvorgaben');
    expect(de('admin.presets.states.retired')).toBe('Stillgelegt');
    expect(de('admin.presets.retireDialog.text')).toBe(
      'Niemand kann sie mehr wählen; bereits gelieferte Dateien bleiben.',
    );
  });
});
