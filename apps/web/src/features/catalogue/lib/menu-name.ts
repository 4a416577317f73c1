import { MENU_NAME_MAX, MENU_NAME_PREFIXED_MAX } from '@mediabox/contract';
import { truncate } from '../../../shared/text/truncate';

/** A leading three-digit number and a space orders categories ("010 Kaffee"); it is never shown. */
const ORDER_PREFIX = /^\d{3} /;

/**
 * Spec 2.2 / 9: drawer names are cut at 25 characters, or at 30 when the name carries a three-digit
 * prefix. The prefix is hidden; the limit applies to the name as stored, prefix included, so such
 * names keep the 25 visible characters plus a little room (30 − 4 = 26).
 */
export function menuName(name: string): string {
  if (ORDER_PREFIX.test(name)) return truncate(name, MENU_NAME_PREFIXED_MAX).slice(4);
  return truncate(name, MENU_NAME_MAX);
}

/** A category name as shown in headings and links: without its ordering prefix. */
export function withoutOrderPrefix(name: string): string {
  return name.replace(ORDER_PREFIX, '');
}

/**
 * Spec 2.2 "sorted alphabetically": by the name in the current language as stored, so numbered
 * entries ("010 …", "020 …") keep the order their prefixes were given for; `numeric` sorts 9 before 10.
 */
export function compareMenuNames(a: string, b: string, lang: string): number {
  return a.localeCompare(b, lang, { numeric: true, sensitivity: 'base' });
}
