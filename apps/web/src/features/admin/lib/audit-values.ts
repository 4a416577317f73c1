/** Longer texts (a description, a list of keywords) are cut to this many characters in a cell. */
export const AUDIT_TEXT_MAX = 80;
/** Longer lists (the files of an upload) show this many items and how many more there are. */
export const AUDIT_LIST_MAX = 5;

/**
 * Catalogue entries carry long values (descriptions, the file names of an upload of twenty images),
 * so long texts and lists are shortened; the audit page shows the whole value on hover.
 */
function shorten(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.length > AUDIT_TEXT_MAX)
    return `${value.slice(0, AUDIT_TEXT_MAX - 1)}…`;
  if (Array.isArray(value) && value.length > AUDIT_LIST_MAX) {
    return [...value.slice(0, AUDIT_LIST_MAX), `+${value.length - AUDIT_LIST_MAX}`];
  }
  return value;
}

/**
 * The changed fields of an audit entry as one compact line (`{"active":true}`): short enough for a
 * table cell, exact enough to tell what changed. Null (nothing recorded) is a dash.
 */
export function compactJson(value: Record<string, unknown> | null): string {
  if (value === null) return '–';
  return JSON.stringify(value, shorten);
}

/** The whole value, for the cell's tooltip when the compact line had to shorten it. */
export function fullJson(value: Record<string, unknown> | null): string {
  return value === null ? '–' : JSON.stringify(value);
}
