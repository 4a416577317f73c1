import { describe, expect, it } from 'vitest';
import { jpegShrinkFactor, withShrinkOnLoad } from './jpeg-shrink-on-load.js';

const jpeg = (width: number, height: number) => ({ mimeType: 'image/jpeg', width, height });

describe('jpegShrinkFactor', () => {
  it('picks the largest libjpeg scale that still leaves the preview edge to reduce to', () => {
    expect(jpegShrinkFactor(jpeg(4000, 3000), 1600)).toBe(2); // 2000 px decoded
    expect(jpegShrinkFactor(jpeg(3000, 4000), 1600)).toBe(2);
    expect(jpegShrinkFactor(jpeg(3200, 2400), 1600)).toBe(2); // exactly the edge
    expect(jpegShrinkFactor(jpeg(3199, 2400), 1600)).toBe(2); // libjpeg rounds 1599.5 up
    expect(jpegShrinkFactor(jpeg(3198, 2400), 1600)).toBe(1); // 1599 would need enlarging
    expect(jpegShrinkFactor(jpeg(12000, 9000), 1600)).toBe(4); // 3000; 1/8 would be 1500
    expect(jpegShrinkFactor(jpeg(13000, 400), 1600)).toBe(8);
    expect(jpegShrinkFactor(jpeg(1200, 1200), 1600)).toBe(1);
  });

  it('leaves every other format to sharp', () => {
    expect(jpegShrinkFactor({ mimeType: 'image/tiff', width: 8000, height: 6000 }, 1600)).toBe(1);
    expect(jpegShrinkFactor({ mimeType: 'image/jpeg', width: null, height: null }, 1600)).toBe(1);
  });

  it('passes the factor as a libvips load option only when it shrinks', () => {
    expect(withShrinkOnLoad('/blobs/ab/cd/abcd', 2)).toBe('/blobs/ab/cd/abcd[shrink=2]');
    expect(withShrinkOnLoad('/blobs/ab/cd/abcd', 1)).toBe('/blobs/ab/cd/abcd');
  });
});
