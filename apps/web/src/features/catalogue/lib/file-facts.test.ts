import type { FileProperties } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { fileFacts } from './file-facts';

const translate = (key: string, options?: Record<string, unknown>) =>
  options ? `[${key} ${JSON.stringify(options)}]` : `[${key}]`;

const base: FileProperties = {
  width: 4000,
  height: 3000,
  dpiX: 300,
  colorspace: 'cmyk',
  pageCount: null,
  fileSize: 1,
  mimeType: 'image/tiff',
  fileName: 'print.tif',
};

describe('file facts (issue 21.6)', () => {
  it('tells format, colour space, dpi and pixels of a print TIFF', () => {
    expect(fileFacts({ ...base, format: 'tiff', colourSpace: 'cmyk', bitDepth: 8 }, translate)).toBe(
      'TIFF · [asset.facts.cmyk] · 300 dpi · 4000 × 3000 px',
    );
  });

  it('says a bit depth above 8 and real transparency, and leaves the pixels out on request', () => {
    expect(
      fileFacts(
        { ...base, format: 'png', colourSpace: 'srgb', bitDepth: 16, dpiX: null, transparent: true },
        translate,
        { pixels: false },
      ),
    ).toBe('PNG · sRGB [asset.facts.bitDepth {"bits":16}] · [asset.facts.transparent]');
  });

  it('shows no dpi for EPS and PDF, whose size is only a rendering', () => {
    expect(
      fileFacts(
        {
          ...base,
          mimeType: 'application/pdf',
          format: 'pdf',
          colourSpace: null,
          colorspace: null,
          dpiX: 300,
        },
        translate,
        { pixels: false },
      ),
    ).toBe('PDF');
  });

  it('falls back to MIME type and libvips name from a server without the new facts', () => {
    expect(fileFacts({ ...base, colorspace: 'b-w', dpiX: 72 }, translate)).toBe(
      'TIFF · [asset.colorspaces.grayscale] · 72 dpi · 4000 × 3000 px',
    );
  });
});
