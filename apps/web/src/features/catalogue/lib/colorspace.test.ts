import { describe, expect, it } from 'vitest';
import { colorspaceLabel } from './colorspace';

const translate = (key: string) => `[${key}]`;

describe('colour space label', () => {
  it('writes the usual names the usual way', () => {
    expect(colorspaceLabel('srgb', translate)).toBe('sRGB');
    expect(colorspaceLabel('cmyk', translate)).toBe('CMYK');
    expect(colorspaceLabel('rgb16', translate)).toBe('RGB');
  });

  it('translates the grey spaces', () => {
    expect(colorspaceLabel('b-w', translate)).toBe('[asset.colorspaces.grayscale]');
    expect(colorspaceLabel('grey16', translate)).toBe('[asset.colorspaces.grayscale]');
  });

  it('shows an unknown space in capitals rather than hiding it', () => {
    expect(colorspaceLabel('multiband', translate)).toBe('MULTIBAND');
  });
});
