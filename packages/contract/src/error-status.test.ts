import { describe, expect, it } from 'vitest';
import { ErrorCodes } from './error-codes.js';
import { ERROR_STATUS } from './error-status.js';

describe('ERROR_STATUS', () => {
  const table: Record<string, number | undefined> = ERROR_STATUS;

  it('gives every error code a status', () => {
    const without = Object.values(ErrorCodes).filter((code) => table[code] === undefined);
    expect(without).toEqual([]);
  });

  it('answers every code with a client or server error status (4xx, 5xx)', () => {
    const outside = Object.entries(table).filter(
      ([, status]) => !Number.isInteger(status) || status! < 400 || status! > 599,
    );
    expect(outside).toEqual([]);
  });

  it('names no code that ErrorCodes lacks', () => {
    const known = new Set<string>(Object.values(ErrorCodes));
    expect(Object.keys(table).filter((code) => !known.has(code))).toEqual([]);
  });

  it('keeps the statuses the app and the API documentation rely on', () => {
    expect(ERROR_STATUS[ErrorCodes.ticketExpired]).toBe(410);
    expect(ERROR_STATUS[ErrorCodes.catalogueUploadRefused]).toBe(422);
    expect(ERROR_STATUS[ErrorCodes.rateLimited]).toBe(429);
    expect(ERROR_STATUS[ErrorCodes.internal]).toBe(500);
  });
});
