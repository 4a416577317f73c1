import sharp from 'sharp';

/**
 * Pictures whose extension used to decide their media type wrongly (issue 21.6), made in the test:
 * a 16-bit RGB TIFF (not print data), an opaque WebP and a PNG with an alpha channel that is fully
 * opaque (web images, not cut-outs). The transparent PNG and the CMYK JPEG are test-fixtures/media.
 */

/**
 * A baseline, uncompressed 16-bit RGB TIFF at 300 dpi, written by hand: sharp's TIFF writer
 * saves 8 bits per sample whatever the pipeline holds.
 */
export function rgb16Tiff(width: number, height: number): Buffer {
  const entries: [tag: number, type: number, count: number, value: number][] = [];
  const ifdOffset = 8;
  const entryCount = 13;
  const bitsOffset = ifdOffset + 2 + entryCount * 12 + 4;
  const xResOffset = bitsOffset + 6;
  const yResOffset = xResOffset + 8;
  const dataOffset = yResOffset + 8;
  const dataBytes = width * height * 3 * 2;
  const SHORT = 3;
  const LONG = 4;
  const RATIONAL = 5;
  entries.push(
    [256, LONG, 1, width],
    [257, LONG, 1, height],
    [258, SHORT, 3, bitsOffset],
    [259, SHORT, 1, 1], // no compression
    [262, SHORT, 1, 2], // RGB
    [273, LONG, 1, dataOffset],
    [277, SHORT, 1, 3],
    [278, LONG, 1, height],
    [279, LONG, 1, dataBytes],
    [282, RATIONAL, 1, xResOffset],
    [283, RATIONAL, 1, yResOffset],
    [284, SHORT, 1, 1], // chunky
    [296, SHORT, 1, 2], // inches
  );
  const file = Buffer.alloc(dataOffset + dataBytes);
  file.write('II', 0, 'latin1');
  file.writeUInt16LE(42, 2);
  file.writeUInt32LE(ifdOffset, 4);
  file.writeUInt16LE(entryCount, ifdOffset);
  entries.forEach(([tag, type, count, value], index) => {
    const at = ifdOffset + 2 + index * 12;
    file.writeUInt16LE(tag, at);
    file.writeUInt16LE(type, at + 2);
    file.writeUInt32LE(count, at + 4);
    if (type === SHORT && count === 1) file.writeUInt16LE(value, at + 8);
    else file.writeUInt32LE(value, at + 8);
  });
  for (let band = 0; band < 3; band += 1) file.writeUInt16LE(16, bitsOffset + band * 2);
  for (const offset of [xResOffset, yResOffset]) {
    file.writeUInt32LE(300, offset);
    file.writeUInt32LE(1, offset + 4);
  }
  // A gradient that needs the 16 bits: red across, green down, blue constant.
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = dataOffset + (y * width + x) * 6;
      file.writeUInt16LE(Math.round((x / Math.max(1, width - 1)) * 65535), at);
      file.writeUInt16LE(Math.round((y / Math.max(1, height - 1)) * 65535), at + 2);
      file.writeUInt16LE(12345, at + 4);
    }
  }
  return file;
}

/** An opaque WebP (RGB, no alpha). */
export function opaqueWebp(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
}

/** A PNG with an alpha channel in which every pixel is fully opaque. */
export function opaqueAlphaPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
}
