import { ORDER_FILE_MAX_BYTES, ORDER_FILES_MAX } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { addFiles } from './order-files';

const file = (name: string, type = 'image/png', size?: number) => {
  const made = new File(['x'], name, { type, lastModified: 1 });
  if (size !== undefined) Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('addFiles', () => {
  it('refuses files over the size limit, beyond the count limit and of other types', () => {
    const current = Array.from({ length: ORDER_FILES_MAX - 1 }, (_, index) => file(`f${index}.png`));
    const result = addFiles(current, [
      file('huge.tif', 'image/tiff', ORDER_FILE_MAX_BYTES + 1),
      file('notes.txt', 'text/plain'),
      file('last.pdf', 'application/pdf'),
      file('one-too-many.png'),
    ]);
    expect(result.files).toHaveLength(ORDER_FILES_MAX);
    expect(result.files.at(-1)?.name).toBe('last.pdf');
    expect(result.refused).toEqual([
      { name: 'huge.tif', reason: 'tooLarge' },
      { name: 'notes.txt', reason: 'type' },
      { name: 'one-too-many.png', reason: 'tooMany' },
    ]);
  });

  it('takes the same file once and lets unknown types through to the server', () => {
    const front = file('front.png');
    const result = addFiles([front], [file('front.png'), file('layout.indd', '')]);
    expect(result.files.map((chosen) => chosen.name)).toEqual(['front.png', 'layout.indd']);
    expect(result.refused).toEqual([]);
  });
});
