import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OrderFileDrop } from './order-file-drop';

// MUI lists in jsdom are slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function Harness() {
  const [files, setFiles] = useState<File[]>([]);
  return <OrderFileDrop files={files} onChange={setFiles} />;
}

/** Thumbnails and images that do not decode need a real browser: e2e/tests/order-steps.spec.ts. */
describe('order file drop (issue 19)', () => {
  it('lists each refused file with its own reason at once, checking the bytes as the server does', async () => {
    render(<Harness />);
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([PNG], 'front.png', { type: 'image/png' }),
      new File(['text'], 'notes.txt', { type: 'text/plain' }),
      new File(['%PDF-1.7'], 'layout.pdf', { type: 'application/pdf' }),
      new File(['<html>not a pdf</html>'], 'fake.pdf', { type: 'application/pdf' }),
    ]);
    const chosen = screen.getByRole('list', { name: 'Chosen files' });
    // fake.pdf leaves once its bytes are read: they are no PDF (the contract's rules, as on the server).
    await waitFor(() =>
      expect(
        within(chosen)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        expect.stringContaining('front.png') as string,
        expect.stringContaining('layout.pdf') as string,
      ]),
    );
    const refused = screen.getByRole('list', { name: 'Files not added' });
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'notes.txtNeither an image nor a document – not added.',
      'fake.pdfThe content is neither an image nor an accepted document – not added.',
    ]);

    await user.click(screen.getByRole('button', { name: 'Close the note on notes.txt' }));
    expect(within(refused).getAllByRole('listitem')).toHaveLength(1);
  });
});
