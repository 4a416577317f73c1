import type { PresetSettings } from '@mediabox/contract';

/**
 * Settings as stored: JSON with every object's keys sorted, so equal settings are equal text
 * whatever order a client sent them in, and "did the settings change?" is a string comparison.
 */
export function settingsToJson(settings: PresetSettings): string {
  return JSON.stringify(settings, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * Stored settings back as an object. Not validated again: they were valid when written, and a
 * version must read back as it was made even if a later release tightens the rules.
 */
export function settingsFromJson(json: string): PresetSettings {
  return JSON.parse(json) as PresetSettings;
}
