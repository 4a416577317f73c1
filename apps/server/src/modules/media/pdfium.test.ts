import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/media-fixtures.js';
import { MediaRejectedError } from './media-types.js';
import { drawingToPdf } from '../../fixtures/demo/drawing-to-pdf.js';
import { PdfiumThread } from './pdfium.js';

let dir: string;
const thread = new PdfiumThread();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-pdfium-'));
});
afterAll(async () => {
  await thread.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const temp = (name: string) => path.join(dir, name);

async function rejection(promise: Promise<unknown>): Promise<MediaRejectedError> {
  const err = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(err).toBeInstanceOf(MediaRejectedError);
  return err as MediaRejectedError;
}

/**
 * The fixture with page 1 turned by 90°, written as a PDF incremental update (a new version of the
 * page object, a cross-reference section for it and a trailer pointing back at the old one), so
 * the file stays valid and PDFium need not repair anything.
 */
async function rotatedTemplate(): Promise<string> {
  const original = await fs.readFile(fixture('template.pdf'));
  const text = original.toString('latin1');
  const pageMatch = /(\d+) 0 obj\s*<<(?:(?!endobj)[\s\S])*?\/Type\s*\/Page\b(?!s)[\s\S]*?endobj/.exec(text)!;
  const number = pageMatch[1]!;
  const body = pageMatch[0]
    .replace(/^\d+ 0 obj/, '')
    .replace(/endobj$/, '')
    .trim();
  // The fixture says /Rotate 0 already; a key given twice is ambiguous, so it is replaced.
  const rotated = body.replace(/\/Rotate\s*\d+/, '').replace(/^<</, '<< /Rotate 90 ');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const root = /\/Root\s+(\d+ \d+ R)/.exec(text)![1];
  const size = Number(/\/Size\s+(\d+)/.exec(text)![1]);
  let update = `\n${number} 0 obj\n${rotated}\nendobj\n`;
  const objectOffset = original.length + 1;
  const xrefOffset = original.length + Buffer.byteLength(update, 'latin1');
  update +=
    `xref\n0 1\n0000000000 65535 f\r\n${number} 1\n${String(objectOffset).padStart(10, '0')} 00000 n\r\n` +
    `trailer\n<< /Size ${size} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  await fs.writeFile(temp('rotated.pdf'), Buffer.concat([original, Buffer.from(update, 'latin1')]));
  return temp('rotated.pdf');
}

describe('PdfiumThread', () => {
  it('reads page count and page-1 size, and renders page 1 at 150 dpi on white', async () => {
    expect(await thread.info(fixture('template.pdf'))).toEqual({ pageCount: 1, widthPt: 595, heightPt: 842 });
    const page = await thread.renderFirstPage(fixture('template.pdf'));
    expect([page.width, page.height]).toEqual([1240, 1754]);
    expect(page.data.length).toBe(1240 * 1754 * 4);
    expect([...page.data.subarray(page.data.length - 4)]).toEqual([255, 255, 255, 255]);
  });

  it('applies the page rotation to size and pixels', async () => {
    const file = await rotatedTemplate();
    expect(await thread.info(file)).toEqual({ pageCount: 1, widthPt: 842, heightPt: 595 });
    const page = await thread.renderFirstPage(file);
    expect([page.width, page.height]).toEqual([1754, 1240]);
  });

  it('caps a huge page at 4000 px on its longest edge instead of 150 dpi', async () => {
    // 200 × 100 inches: 30000 × 15000 px at 150 dpi.
    await fs.writeFile(
      temp('poster.pdf'),
      drawingToPdf({ width: 14400, height: 7200, shapes: [] }, 'Poster'),
    );
    const page = await thread.renderFirstPage(temp('poster.pdf'));
    expect([page.width, page.height]).toEqual([4000, 2000]);
  });

  it('refuses a damaged PDF as damaged and goes on with the next file', async () => {
    await fs.writeFile(temp('broken.pdf'), '%PDF-1.7\nthis is not a PDF body\n');
    const err = await rejection(thread.info(temp('broken.pdf')));
    expect(err.code).toBe('media.errors.damaged');
    expect(err.message).toContain('not a PDF or corrupted');
    expect((await thread.info(fixture('template.pdf'))).pageCount).toBe(1);
  });

  it('ends a thread that takes too long, refuses the file, and starts a fresh thread for the next', async () => {
    const slow = new PdfiumThread();
    try {
      slow.timeoutMs = 1; // nothing, not even loading PDFium, finishes in 1 ms
      const err = await rejection(slow.renderFirstPage(fixture('template.pdf')));
      expect(err.code).toBe('media.errors.damaged');
      expect(err.message).toContain('no result within');
      slow.timeoutMs = 30_000;
      expect((await slow.info(fixture('template.pdf'))).pageCount).toBe(1);
    } finally {
      await slow.close();
    }
  });

  it('says a missing file is missing, not damaged (our fault, not the upload)', async () => {
    const err = await thread.info(temp('missing.pdf')).catch((error: unknown) => error);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(MediaRejectedError);
  });
});
