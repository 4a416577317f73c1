import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfiumThread } from '../media/pdfium.js';
import { drawingToPdf } from './drawing-to-pdf.js';
import { textWidthPt, toWinAnsi } from './standard-font-metrics.js';
import type { Drawing } from './vector-drawing.js';

const drawing: Drawing = {
  width: 400,
  height: 300,
  shapes: [
    { type: 'rect', x: 0, y: 0, w: 400, h: 60, fill: '#d32f2f' },
    { type: 'circle', cx: 300, cy: 200, r: 50, fill: '#1565c0', stroke: '#000000', lineWidth: 2 },
    {
      type: 'path',
      d: [
        ['M', 20, 280],
        ['L', 380, 280],
      ],
      stroke: '#000000',
      lineWidth: 3,
      dash: [6, 4],
    },
    {
      type: 'text',
      x: 200,
      y: 40,
      size: 24,
      text: 'Käse (fein) – 5 €',
      fill: '#ffffff',
      font: 'sans-bold',
      anchor: 'middle',
    },
    {
      type: 'text',
      x: 30,
      y: 250,
      size: 12,
      text: 'Crème brûlée',
      fill: '#333333',
      font: 'serif-bold',
      rotate: -90,
    },
  ],
};

let dir: string;
const thread = new PdfiumThread();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-pdf-writer-'));
});
afterAll(async () => {
  await thread.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function written(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes);
  return file;
}

describe('drawingToPdf', () => {
  it('writes a cross-reference table whose offsets point at their objects', () => {
    const pdf = drawingToPdf(drawing, 'Test').toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref))!;
    expect(first).toBe('0');
    const entries = pdf
      .slice(startxref)
      .split('\n')
      .slice(2, 2 + Number(count));
    expect(entries[0]).toBe('0000000000 65535 f\r');
    entries.slice(1).forEach((entry, index) => {
      expect(entry).toMatch(/^\d{10} 00000 n\r$/);
      const offset = Number(entry.slice(0, 10));
      const label = `${index + 1} 0 obj\n`;
      expect(pdf.slice(offset, offset + label.length)).toBe(label);
    });
    expect(pdf).toContain(`/Size ${count}`);
    // The stream's /Length is its byte length.
    const stream = /\/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf)!;
    expect(Buffer.byteLength(stream[2]!, 'latin1')).toBe(Number(stream[1]));
  });

  it('is deterministic: the same drawing gives the same bytes, another drawing another /ID', () => {
    const once = drawingToPdf(drawing, 'Test');
    expect(drawingToPdf(drawing, 'Test').equals(once)).toBe(true);
    const other = drawingToPdf({ ...drawing, width: 401 }, 'Test').toString('latin1');
    const id = (pdf: string) => /\/ID \[<([0-9A-F]{32})>/.exec(pdf)![1];
    expect(id(other)).not.toBe(id(once.toString('latin1')));
  });

  it('writes text in WinAnsi (umlauts, accents, euro, dash) with the fonts it uses only', () => {
    const pdf = drawingToPdf(drawing, 'Käse').toString('latin1');
    expect(pdf).toContain('(K\\344se \\(fein\\) \\226 5 \\200) Tj');
    expect(pdf).toContain('/Title (K\\344se)');
    expect(pdf).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(pdf).toContain('/BaseFont /Times-Bold');
    expect(pdf).not.toContain('/BaseFont /Helvetica ');
    expect(pdf).toContain('0 0 0 1 K 3 w [6 4] 0 d');
    expect(toWinAnsi('ß→')).toEqual([0xdf, 0x3f]);
  });

  it('measures text with the standard metrics (accents as wide as their letter)', () => {
    expect(textWidthPt('Helvetica', 'Hello', 10)).toBeCloseTo((722 + 556 + 222 + 222 + 556) / 100);
    expect(textWidthPt('Helvetica-Bold', 'Käse', 10)).toBe(textWidthPt('Helvetica-Bold', 'Kase', 10));
  });

  it('is read by PDFium at the drawing size and renders colours and centred text in place', async () => {
    const file = await written(drawingToPdf(drawing, 'Test'), 'drawing.pdf');
    expect(await thread.info(file)).toEqual({ pageCount: 1, widthPt: 400, heightPt: 300 });
    const page = await thread.renderFirstPage(file);
    // 150 dpi: 400×300 pt -> 833×625 px.
    expect([page.width, page.height]).toEqual([833, 625]);
    const at = (xPt: number, yPt: number) => {
      const offset = (Math.round((yPt * 150) / 72) * page.width + Math.round((xPt * 150) / 72)) * 4;
      return [...page.data.subarray(offset, offset + 3)];
    };
    const [r, g, b] = at(5, 5); // the red band at the top: y points down as in the drawing
    expect(r).toBeGreaterThan(180);
    expect(g! + b!).toBeLessThan(180);
    expect(at(300, 200)[2]).toBeGreaterThan(120); // the blue circle's centre
    expect(at(5, 150)).toEqual([255, 255, 255]); // white paper
    // The headline is centred: white glyph pixels left and right of the middle, in equal reach.
    const row = Math.round((32 * 150) / 72);
    const whiteColumns: number[] = [];
    for (let x = 0; x < page.width; x += 1) {
      const offset = (row * page.width + x) * 4;
      if (page.data[offset + 1]! > 200) whiteColumns.push(x);
    }
    const middle = (whiteColumns[0]! + whiteColumns.at(-1)!) / 2;
    expect(Math.abs(middle - page.width / 2)).toBeLessThan(12);
  });
});
