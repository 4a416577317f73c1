import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderFileDrop } from './order-file-drop';

// MUI lists in jsdom are slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const [files, setFiles] = useState<File[]>([]);
  return <OrderFileDrop files={files} onChange={setFiles} />;
}

describe('order file drop (issue 19)', () => {
  it('shows thumbnails at once, and each refused file with its own reason while the others stay', async () => {
    let made = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => `blob:thumb-${(made += 1)}`, revokeObjectURL: vi.fn() }),
    );
    render(<Harness />);
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(screen.getByLabelText('Choose files'), [
      new File(['png'], 'front.png', { type: 'image/png' }),
      new File(['jpg'], 'broken.jpg', { type: 'image/jpeg' }),
      new File(['text'], 'notes.txt', { type: 'text/plain' }),
      new File(['pdf'], 'layout.pdf', { type: 'application/pdf' }),
    ]);
    const chosen = screen.getByRole('list', { name: 'Chosen files' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(3);
    expect(within(chosen).getByRole('img', { name: 'Preview of front.png' })).toBeTruthy();
    const refused = screen.getByRole('list', { name: 'Files not added' });
    expect(within(refused).getByRole('listitem').textContent).toContain('notes.txt');

    // The browser cannot draw "broken.jpg": it leaves the chosen files with its reason.
    fireEvent.error(within(chosen).getByRole('img', { name: 'Preview of broken.jpg' }));
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('front.png') as string,
      expect.stringContaining('layout.pdf') as string,
    ]);
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Neither an image nor a document') as string,
      expect.stringContaining('neither an image nor an accepted document') as string,
    ]);
    expect(within(chosen).getByRole('img', { name: 'Preview of front.png' })).toBeTruthy();
  });
});
