const pad = (value: number) => String(value).padStart(2, '0');

export function parseDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type DateValue = string | number | Date;
type Precision = 'day' | 'minute' | 'second';

/**
 * The locales English and French dates are written in. English is `en-GB`: day before month and a
 * 24-hour clock, like the German dates beside it; plain `en` means `en-US` (03/05/2026, 9:07 AM),
 * which a European reader takes for the 3rd of May. German keeps the spec's fixed `DD.MM.YYYY HH:mm`
 * (spec 9), which `de-DE` would write with a comma after the year.
 */
const DATE_LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR' };

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const MINUTE: Intl.DateTimeFormatOptions = { ...DAY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const PRECISION_OPTIONS: Record<Precision, Intl.DateTimeFormatOptions> = {
  day: DAY,
  minute: MINUTE,
  second: { ...MINUTE, second: '2-digit' },
};

/** Lists format hundreds of dates: one formatter per locale and precision. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function germanDate(date: Date, precision: Precision): string {
  const day = `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
  if (precision === 'day') return day;
  const minute = `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return precision === 'minute' ? minute : `${minute}:${pad(date.getSeconds())}`;
}

/** A date in local time, in the interface language `lang` ("de", "en", "fr"; "fr-CH" counts as "fr"). */
function formatIn(value: DateValue, lang: string, precision: Precision): string {
  const date = parseDate(value);
  if (!date) return '';
  const locale = DATE_LOCALES[lang.slice(0, 2)];
  if (!locale) return germanDate(date, precision);
  const key = `${locale} ${precision}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, PRECISION_OPTIONS[precision]);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/**
 * Date and time to the minute, in local time: `DD.MM.YYYY HH:mm` in German (spec 9; also the asset
 * list, whose "HH:ss" in spec 2.3 is a slip for minutes, issue 19.7), "05/03/2026, 09:07" in English,
 * "05/03/2026 09:07" in French.
 */
export function formatDateTime(value: DateValue, lang: string): string {
  return formatIn(value, lang, 'minute');
}

/** The day alone: `DD.MM.YYYY` in German (the orders list, spec 2.10), "05/03/2026" in English and French. */
export function formatDate(value: DateValue, lang: string): string {
  return formatIn(value, lang, 'day');
}

/** To the second: the order history groups its entries by the second (spec 4). */
export function formatDateTimeSeconds(value: DateValue, lang: string): string {
  return formatIn(value, lang, 'second');
}

/** A calendar day "YYYY-MM-DD" (no time zone) like {@link formatDate}; anything else stays as it is. */
export function formatDay(day: string, lang: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), lang) : day;
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
/** French writes sizes in octets: Ko, Mo, Go. */
const OCTET_UNITS = ['o', 'Ko', 'Mo', 'Go', 'To'];

/** Human file sizes in the user's language: "1,5 MB" in German, "1.5 MB" in English, "1,5 Mo" in French. */
export function formatFileSize(bytes: number, lang: string): string {
  const units = lang.startsWith('fr') ? OCTET_UNITS : BYTE_UNITS;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(lang, { maximumFractionDigits: digits })} ${units[unit]}`;
}
