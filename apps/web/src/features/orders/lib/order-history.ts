import {
  COUNTRY_BY_QUERY,
  ORDER_KINDS,
  ORDER_STATUSES,
  type HistoryEntry,
  type HistoryContext,
} from '@mediabox/contract';
import type { i18n as I18n } from 'i18next';
import { formatDay } from '../../../shared/text/format';
import { truncate } from '../../../shared/text/truncate';

export interface HistoryGroup {
  /** Unique per group: the second and who acted. */
  key: string;
  createdAt: string;
  username: string;
  entries: HistoryEntry[];
}

const secondOf = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) || 0;

/**
 * Spec 4: newest first, and the entries one save wrote (same second, same person) under one heading.
 * Groups are formed in the server's order, oldest first, which is the order the changes were made
 * in, and only then turned around: within a group that order stays, and of two saves by different
 * people in one second (a review right after a status change) the later one still comes first.
 */
export function groupHistory(history: readonly HistoryEntry[]): HistoryGroup[] {
  const oldestFirst = history
    .map((entry, index) => ({ entry, index, second: secondOf(entry.createdAt) }))
    .sort((a, b) => a.second - b.second || a.index - b.index);
  const groups: HistoryGroup[] = [];
  for (const { entry, second } of oldestFirst) {
    const key = `${second}:${entry.username}`;
    const last = groups.at(-1);
    if (last?.key === key) last.entries.push(entry);
    else groups.push({ key, createdAt: entry.createdAt, username: entry.username, entries: [entry] });
  }
  return groups.reverse();
}

/** Rejections with their comment, newest first: what the creator has to correct (review tab). */
export function corrections(history: readonly HistoryEntry[]): HistoryEntry[] {
  return history
    .filter((entry) => entry.action === 'REJECTED' && entry.context.comment)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Long texts (a description) are cut: the timeline shows that something changed, not a document. */
const VALUE_MAX = 120;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const label = (i18n: I18n, prefix: string, key: string) =>
  i18n.exists(`${prefix}.${key}`) ? i18n.t(`${prefix}.${key}`) : key;

/**
 * One logged value in words: statuses, order kinds and countries translated, flags as yes/no, days
 * as DD.MM.YYYY, and objects (change kinds, packshot) compactly as the ticked or filled parts.
 */
export function describeValue(i18n: I18n, field: string | undefined, value: unknown): string {
  const empty = i18n.t('orders.history.values.empty');
  if (value === undefined || value === null || value === '') return empty;
  if (typeof value === 'boolean') return i18n.t(`orders.history.values.${value ? 'yes' : 'no'}`);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (field === 'status' && (ORDER_STATUSES as readonly string[]).includes(value))
      return i18n.t(`orders.status.${value}`);
    if (field === 'new' && (ORDER_KINDS as readonly string[]).includes(value))
      return i18n.t(`orders.history.values.kind.${value}`);
    if (field === 'country') {
      return value
        .split(',')
        .filter(Boolean)
        .map((code) =>
          Object.hasOwn(COUNTRY_BY_QUERY, code)
            ? i18n.t(`countries.${COUNTRY_BY_QUERY[code as keyof typeof COUNTRY_BY_QUERY]}`)
            : code,
        )
        .join(', ');
    }
    if (DAY.test(value)) return formatDay(value, i18n.language);
    return truncate(value, VALUE_MAX);
  }
  if (Array.isArray(value))
    return value.map((item) => describeValue(i18n, undefined, item)).join(', ') || empty;
  if (typeof value === 'object') return describeObject(i18n, value as Record<string, unknown>) || empty;
  return empty;
}

function describeObject(i18n: I18n, value: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const name = label(i18n, 'orders.history.values.keys', key);
    if (item === true) parts.push(name);
    else if (typeof item === 'string' && item.trim()) parts.push(`${name}: ${truncate(item, VALUE_MAX)}`);
    else if (typeof item === 'number') parts.push(`${name}: ${item}`);
    else if (item && typeof item === 'object') {
      const inner = describeObject(i18n, item as Record<string, unknown>);
      if (inner) parts.push(`${name} (${inner})`);
    }
  }
  return parts.join(', ');
}

export interface EntryText {
  text: string;
  /** The reviewer's comment, or the reason of a rejection. */
  note?: string;
}

const FILE_ACTIONS = new Set(['IMAGE_ADDED', 'FILE_ADDED', 'IMAGE_REMOVED', 'FILE_REMOVED']);

/** Spec 4: one translated sentence per history action. */
export function describeEntry(i18n: I18n, entry: HistoryEntry): EntryText {
  const context: HistoryContext = entry.context;
  const change = () => ({
    field: context.field ? label(i18n, 'orders.history.fields', context.field) : '',
    from: describeValue(i18n, context.field, context.from),
    to: describeValue(i18n, context.field, context.to),
  });
  let text: string;
  if (FILE_ACTIONS.has(entry.action)) {
    text = i18n.t(`orders.history.actions.${entry.action}`, { filename: context.filename ?? '' });
  } else if (entry.action === 'CHANGED') {
    text = i18n.t('orders.history.actions.CHANGED', change());
  } else if (entry.action === 'INFO') {
    text = context.field
      ? i18n.t('orders.history.infoChange', change())
      : i18n.t('orders.history.actions.INFO');
  } else {
    text = i18n.t(`orders.history.actions.${entry.action}`);
  }
  if (!context.comment) return { text };
  const noteKey = entry.action === 'REJECTED' ? 'orders.history.reason' : 'orders.history.comment';
  return { text, note: i18n.t(noteKey, { comment: context.comment }) };
}
