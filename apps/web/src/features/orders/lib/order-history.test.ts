import type { HistoryEntry } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { groupHistory } from './order-history';

const entry = (action: HistoryEntry['action'], username: string, createdAt: string): HistoryEntry => ({
  action,
  username,
  createdAt,
  context: {},
});

describe('groupHistory', () => {
  it('puts the later of two saves in one second first, and keeps one save in the order it was made', () => {
    // The server's order: oldest first. A status change, then a review 400 ms later, same second.
    const history = [
      entry('CREATED', 'jana@example.com', '2026-11-26T10:00:00.000Z'),
      entry('IMAGE_ADDED', 'jana@example.com', '2026-11-26T10:00:00.000Z'),
      entry('CHANGED', 'admin@example.com', '2026-11-26T10:05:11.100Z'),
      entry('ACCEPTED', 'jana@example.com', '2026-11-26T10:05:11.500Z'),
    ];
    const groups = groupHistory(history);
    expect(groups.map((group) => group.entries.map((one) => one.action))).toEqual([
      ['ACCEPTED'],
      ['CHANGED'],
      ['CREATED', 'IMAGE_ADDED'],
    ]);
  });
});
