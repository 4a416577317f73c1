import { SNACKBAR_AUTO_HIDE_MS } from '@mediabox/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar } from './snackbar';

function ShowButton() {
  const snackbar = useSnackbar();
  return (
    <button type="button" onClick={() => snackbar.show('snack.saved')}>
      save
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SnackbarProvider', () => {
  it('shows a translated message and hides it after 6 seconds', async () => {
    vi.useFakeTimers();
    render(
      <SnackbarProvider>
        <ShowButton />
      </SnackbarProvider>,
    );
    await act(() => {
      screen.getByRole('button', { name: 'save' }).click();
    });
    // The snackbar's code is fetched with the first message.
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByRole('alert').textContent).toContain('Changes saved.');
    await act(() => {
      vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 100);
    });
    expect(screen.getByRole('alert')).toBeTruthy();
    await act(() => {
      vi.advanceTimersByTime(200);
    });
    // The exit transition runs on timers too.
    await act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
