import { ErrorCodes } from '@mediabox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { SecretStore } from '../security/secret-store.js';
import { AppError } from './app-error.js';
import { TICKET_EXPIRY_STEP_MS, Tickets, ticketExpiry } from './tickets.js';

const MINUTE = 60_000;

function parse(url: string) {
  const parsed = new URL(url, 'http://portal.test');
  const [, , , fileId, variant] = parsed.pathname.split('/');
  return {
    fileId: Number(fileId),
    variant: variant!,
    exp: parsed.searchParams.get('exp')!,
    sig: parsed.searchParams.get('sig')!,
    ...(parsed.searchParams.has('u') ? { u: parsed.searchParams.get('u')! } : {}),
  };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('tickets', () => {
  let database: DatabaseHandle;
  let clock: ManualClock;
  let tickets: Tickets;

  beforeAll(() => {
    // A configured secret: the store never needs a table.
    database = openDatabase('sqlite::memory:');
    clock = new ManualClock(Date.UTC(2026, 10, 22, 9, 3, 20));
    tickets = new Tickets(new SecretStore(database.db, 'x'.repeat(40)), clock);
  });
  afterAll(() => database.close());

  it('rounds the expiry up to the next ten minutes after an hour', () => {
    const now = Date.UTC(2026, 10, 22, 9, 3, 20);
    expect(ticketExpiry(now) * 1000).toBe(Date.UTC(2026, 10, 22, 10, 10, 0));
    expect(ticketExpiry(Date.UTC(2026, 10, 22, 9, 0, 0)) * 1000).toBe(Date.UTC(2026, 10, 22, 10, 0, 0));
    expect((ticketExpiry(now) * 1000) % TICKET_EXPIRY_STEP_MS).toBe(0);
  });

  it('signs the same URL for ten minutes, so browsers can cache it', async () => {
    const first = await tickets.url(7, 'thumb');
    clock.advance(5 * MINUTE);
    expect(await tickets.url(7, 'thumb')).toBe(first);
    expect(first).toMatch(/^\/api\/file\/7\/thumb\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
  });

  it('accepts a fresh ticket and answers its expiry', async () => {
    const url = await tickets.url(42, 'original');
    const ticket = parse(url);
    expect(await tickets.verify(ticket)).toEqual({ expiresAt: Number(ticket.exp) * 1000, viewerId: null });
  });

  it('binds originals to the viewer when asked, and only originals', async () => {
    const sign = await tickets.signer({ viewerId: 815 });
    const original = parse(sign(42, 'original'));
    expect(original.u).toBe('815');
    expect((await tickets.verify(original)).viewerId).toBe(815);
    expect(sign(42, 'thumb')).toBe(await tickets.url(42, 'thumb'));
    // Another viewer, or none, cannot be put in: the signature covers it.
    for (const forged of [
      { ...original, u: '816' },
      { ...original, u: undefined },
      { ...original, u: '0815' },
    ]) {
      const err = await failure(tickets.verify(forged));
      expect([err.statusCode, err.code], JSON.stringify(forged)).toEqual([403, ErrorCodes.ticketInvalid]);
    }
    const unbound = parse(await tickets.url(42, 'original'));
    const err = await failure(tickets.verify({ ...unbound, u: '815' }));
    expect(err.statusCode).toBe(403);
  });

  it('refuses an expired ticket with 410 and a forged one with 403', async () => {
    const ticket = parse(await tickets.url(42, 'preview'));
    const expired = await failure(
      new Tickets(
        new SecretStore(database.db, 'x'.repeat(40)),
        new ManualClock(Number(ticket.exp) * 1000),
      ).verify(ticket),
    );
    expect([expired.statusCode, expired.code]).toEqual([410, ErrorCodes.ticketExpired]);

    const cases = [
      { ...ticket, fileId: 43 },
      { ...ticket, variant: 'original' },
      { ...ticket, exp: String(Number(ticket.exp) + 3600) },
      { ...ticket, sig: `${ticket.sig.slice(0, -1)}${ticket.sig.endsWith('A') ? 'B' : 'A'}` },
      { ...ticket, sig: undefined },
      { ...ticket, exp: ['1', '2'] },
      { ...ticket, exp: '-1' },
      { ...ticket, sig: `${ticket.sig}=` },
    ];
    for (const forged of cases) {
      const err = await failure(tickets.verify(forged));
      expect([err.statusCode, err.code], JSON.stringify(forged)).toEqual([403, ErrorCodes.ticketInvalid]);
    }
  });

  it('refuses tickets signed with another secret', async () => {
    const other = new Tickets(new SecretStore(database.db, 'y'.repeat(40)), clock);
    const err = await failure(tickets.verify(parse(await other.url(42, 'original'))));
    expect(err.statusCode).toBe(403);
  });
});
