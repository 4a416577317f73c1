/**
 * The changed fields of an audit entry as one compact line (`{"active":true}`): short enough for a
 * table cell, exact enough to tell what changed. Null (nothing recorded) is a dash.
 */
export function compactJson(value: Record<string, unknown> | null): string {
  if (value === null) return '–';
  return JSON.stringify(value);
}
