import fs from 'node:fs';
import path from 'node:path';

/** Writes one distinct picture (its seed) as a JPEG file, upright or as a portrait shot leaves it. */
export type PictureWriter = (
  file: string,
  width: number,
  height: number,
  seed: number,
  portrait: boolean,
) => Promise<void>;

/** The same JPEG with a comment segment after SOI: other bytes, the same pixels. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const comment = Buffer.from(text);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

/**
 * `count` camera-like JPEGs in `dir/images` (IMG_0001.jpg, …): `distinct` pictures made by `write`
 * (every fourth a portrait with EXIF orientation 6), each copy with its own JPEG comment, so every
 * file has distinct bytes (the media pipeline keys by content) but the same decoding work.
 * Answers the files' paths. Shared by bench:media and bench:convert.
 */
export async function writeCameraJpegs(
  dir: string,
  options: { count: number; width: number; height: number; distinct: number; write: PictureWriter },
): Promise<string[]> {
  const { count, width, height, distinct, write } = options;
  const bases: Buffer[] = [];
  for (let index = 0; index < Math.min(distinct, count); index += 1) {
    const file = path.join(dir, `base-${index}.jpg`);
    await write(file, width, height, index + 1, index % 4 === 3);
    bases.push(fs.readFileSync(file));
    fs.rmSync(file);
  }
  const files: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const file = path.join(dir, 'images', `IMG_${String(index + 1).padStart(4, '0')}.jpg`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, withComment(bases[index % bases.length]!, `bench ${index}`));
    files.push(file);
  }
  return files;
}
