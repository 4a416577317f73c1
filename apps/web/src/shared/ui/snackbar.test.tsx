import { SNACKBAR_AUTO_HIDE_MS } from '@mediabox/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
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

function ShowWithAction({ run }: { run: () => void }) {
  const snackbar = useSnackbar();
  return (
    <button
      type="button"
      onClick={() =>
        snackbar.show('snack.saved', 'success', undefined, { labelKey: 'cart.snack.toCart', run })
      }
    >
      add
    </button>
  );
}

describe('SnackbarProvider with an action', () => {
  it('offers the translated action, runs it and closes the message', async () => {
    const run = vi.fn();
    render(
      <SnackbarProvider>
        <ShowWithAction run={run} />
      </SnackbarProvider>,
    );
    await act(() => {
      screen.getByRole('button', { name: 'add' }).click();
    });
    const action = await screen.findByRole('button', { name: 'Go to cart' });
    // The message keeps a close button of its own, named in the user's language.
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    await act(() => {
      action.click();
    });
    expect(run).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
