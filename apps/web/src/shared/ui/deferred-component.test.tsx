import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredComponent } from './deferred-component';

function Shown({ text }: { text: string }) {
  return <p>{text}</p>;
}

function Host({
  useShown,
  needed = false,
}: {
  useShown: ReturnType<typeof deferredComponent<{ text: string }>>;
  needed?: boolean;
}) {
  const Component = useShown(needed);
  return Component ? <Component text="shown" /> : <p>stand-in</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('deferredComponent', () => {
  it('renders nothing of the component until the browser is idle after start, then the component', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve({ default: Shown }));
    render(<Host useShown={deferredComponent(load)} />);
    expect(screen.getByText('stand-in')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    await act(() => vi.runAllTimersAsync());
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('shown')).toBeTruthy();
  });

  it('loads at once when needed, and only once for every user of it', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Shown }));
    const useShown = deferredComponent(load);
    render(
      <>
        <Host useShown={useShown} needed />
        <Host useShown={useShown} needed />
      </>,
    );
    expect(await screen.findAllByText('shown')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
    // A later user gets the component on its first render.
    render(<Host useShown={useShown} />);
    expect(screen.getAllByText('shown')).toHaveLength(3);
  });

  it('keeps the stand-in when the download fails, and tries again for the next caller', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Shown }>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue({ default: Shown });
    const useShown = deferredComponent(load);
    const first = render(<Host useShown={useShown} needed />);
    await act(() => Promise.resolve());
    expect(screen.getByText('stand-in')).toBeTruthy();
    first.unmount();
    render(<Host useShown={useShown} needed />);
    expect(await screen.findByText('shown')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
