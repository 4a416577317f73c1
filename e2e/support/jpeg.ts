/**
 * A JPEG's pixel size from its frame header (SOF0–SOF2), read without an image library, so a test
 * can check a delivered picture's size independently of the server's own reader.
 */
export function jpegPixelSize(jpeg: Buffer): { width: number; height: number } {
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG');
  let at = 2;
  while (at + 9 < jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = jpeg[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}
