import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY } from '../../shared/consent';
import { TrackingOptOut } from './tracking-opt-out';

const stored = () => JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as unknown;

describe('TrackingOptOut', () => {
  it('starts unchecked without a decision and stores each change', async () => {
    render(<TrackingOptOut />);
    const checkbox = screen.getByRole('checkbox', { name: /allow usage tracking/i });
    expect((checkbox as HTMLInputElement).checked).toBe(false);
    expect(stored()).toBeNull();

    await userEvent.click(checkbox);
    expect(stored()).toEqual({ tracking: true, decidedAt: expect.any(Number) });
    await userEvent.click(checkbox);
    expect(stored()).toEqual({ tracking: false, decidedAt: expect.any(Number) });
    expect(screen.getByRole('status').textContent).toMatch(/switched off/);
  });

  it('shows an earlier consent as checked', () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ tracking: true, decidedAt: 1_700_000_000_000 }),
    );
    render(<TrackingOptOut />);
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });
});
