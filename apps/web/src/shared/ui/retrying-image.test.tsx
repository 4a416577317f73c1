import { PREVIEW_RETRIES } from '@mediabox/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetryingImage } from './retrying-image';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const image = () => screen.getByRole('img', { name: 'Kaffee' });

describe('RetryingImage (spec 7.4 / 9)', () => {
  it('is lazy and retries a missing thumbnail with a cache-busting parameter, up to 15 times', () => {
    render(<RetryingImage src="/api/files/1/thumb?sig=abc" alt="Kaffee" />);
    expect(image().getAttribute('loading')).toBe('lazy');
    expect(image().getAttribute('src')).toBe('/api/files/1/thumb?sig=abc');

    const seen: string[] = [];
    for (let attempt = 1; attempt <= PREVIEW_RETRIES; attempt += 1) {
      fireEvent.error(image());
      act(() => {
        vi.advanceTimersByTime(8000);
      });
      seen.push(image().getAttribute('src')!);
    }
    expect(seen[0]).toBe('/api/files/1/thumb?sig=abc&retry=1');
    expect(seen.at(-1)).toBe('/api/files/1/thumb?sig=abc&retry=15');
    expect(new Set(seen).size).toBe(PREVIEW_RETRIES);

    // The 16th failure gives up: a placeholder (no <img>) keeps the box.
    fireEvent.error(image());
    expect(image().tagName).not.toBe('IMG');
  });

  it('waits longer between later attempts', () => {
    render(<RetryingImage src="/t.jpg" alt="Kaffee" />);
    fireEvent.error(image());
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(image().getAttribute('src')).toBe('/t.jpg');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(image().getAttribute('src')).toBe('/t.jpg?retry=1');
    fireEvent.error(image());
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(image().getAttribute('src')).toBe('/t.jpg?retry=1');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(image().getAttribute('src')).toBe('/t.jpg?retry=2');
  });

  it('shows a placeholder while there is no thumbnail yet, and starts over for a new URL', () => {
    const { rerender } = render(<RetryingImage src={null} alt="Kaffee" />);
    expect(image().tagName).toBe('DIV');
    rerender(<RetryingImage src="/t.jpg" alt="Kaffee" />);
    expect(image().getAttribute('src')).toBe('/t.jpg');
  });

  it('leaves a decorative placeholder for a decorative picture, never a nameless image', () => {
    const { container } = render(<RetryingImage src={null} alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
