/** The portal's time zone: a takedown "day" is a calendar day there, as the app shows dates. */
export const PORTAL_TIME_ZONE = 'Europe/Berlin';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The calendar day of an instant in the portal's time zone, as YYYY-MM-DD (so days compare as text).
 * Built from the parts, not the formatted string, whose separators depend on the ICU version.
 */
export function portalDay(epochMs: number): string {
  const parts = Object.fromEntries(
    dayFormat.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
