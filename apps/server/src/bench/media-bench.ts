/**
 * `npm run bench:media [-- --images 500 --width 4000 --height 3000 --no-write]`
 *
 * Writes `--images` camera-size JPEGs into a temp dir once: 12 distinct pictures (a colour gradient
 * under per-pixel noise, quality 90, a quarter of them with EXIF orientation 6 as a portrait shot
 * leaves them), each copied with its own JPEG comment so that every file has distinct bytes (the
 * renditions are keyed by content) but the same decoding work. Then, each in a fresh child process
 * so that peak RSS is the phase's own:
 *   real   – the MediaService path of the renditions job: context.media.ingest of every file
 *            (store, probe with full decode; timed apart), then generateRenditions(sha256) for each
 *            (probe, one decode to preview size, thumbnail from those pixels, two JPEGs stored in the
 *            blob store, rows written), one file at a time as the job's limiter runs them;
 *   direct – the obvious direct sharp calls, `sharp(file).rotate().resize(edge, edge, { fit:
 *            'inside' }).jpeg()` for preview (1600) and thumbnail (400) together, one file at a time.
 * Prints images per second (one thumbnail + one preview each), real ÷ direct, and each phase's
 * peak RSS. Appends a dated section to docs/performance.md unless --no-write, and prints the
 * suite's summary rows (report.ts; issue 7 sets no numeric target here). Temp files are removed.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { RENDITION_SIZES } from '../modules/media/media-types.js';
import { createBenchApp } from './bench-app.js';
import {
  appendToPerformance,
  fmt,
  loadAverage,
  machineDescription,
  megabytes,
  printSummary,
  RssSampler,
  times,
  today,
} from './report.js';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '500' },
    width: { type: 'string', default: '4000' },
    height: { type: 'string', default: '3000' },
    'no-write': { type: 'boolean', default: false },
    /** Internal: run one phase in this (child) process over the given folder. */
    phase: { type: 'string' },
    dir: { type: 'string' },
  },
});

const DISTINCT = 12;
/** The renditions' JPEG settings (renditions.ts). */
const QUALITY = { thumb: 80, preview: 85 } as const;

// ---------------------------------------------------------------- images

/** A diagonal colour gradient under per-pixel noise: compresses like a photo, not like a flat colour. */
async function writePicture(file: string, width: number, height: number, seed: number, portrait: boolean) {
  const pixels = Buffer.allocUnsafe(width * height * 3);
  let state = (seed * 2654435761) >>> 0;
  const hue = [(seed * 53) % 256, (seed * 101) % 256, (seed * 151) % 256];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const noise = (state >>> 24) - 128;
      const t = (x / width + y / height) * 127;
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, hue[0]! + t + (noise >> 2)));
      pixels[at + 1] = Math.max(0, Math.min(255, hue[1]! - t / 2 + (noise >> 2)));
      pixels[at + 2] = Math.max(0, Math.min(255, hue[2]! + t / 3 + (noise >> 2)));
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (portrait) image = image.withMetadata({ orientation: 6 });
  await image.jpeg({ quality: 90 }).toFile(file);
}

/** The same JPEG with a comment segment after SOI: other bytes, the same pixels. */
function withComment(jpeg: Buffer, text: string): Buffer {
  const comment = Buffer.from(text);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

async function generate(dir: string, count: number, width: number, height: number): Promise<string[]> {
  const bases: Buffer[] = [];
  for (let index = 0; index < Math.min(DISTINCT, count); index += 1) {
    const file = path.join(dir, `base-${index}.jpg`);
    await writePicture(file, width, height, index + 1, index % 4 === 3);
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

// ---------------------------------------------------------------- phases (child processes)

interface PhaseResult {
  seconds: number;
  imagesPerSecond: number;
  /** real: ingest (store + probe with full decode) of every file, before the renditions. */
  ingestSeconds?: number;
  peakRss: number;
  idleRss: number;
  thumbBytes: number;
  previewBytes: number;
}

async function directPhase(files: string[]): Promise<PhaseResult> {
  const idleRss = process.memoryUsage.rss();
  const sampler = new RssSampler().start();
  let thumbBytes = 0;
  let previewBytes = 0;
  const start = performance.now();
  for (const file of files) {
    const [preview, thumb] = await Promise.all([
      sharp(file)
        .rotate()
        .resize(RENDITION_SIZES.preview, RENDITION_SIZES.preview, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: QUALITY.preview, progressive: true })
        .toBuffer(),
      sharp(file)
        .rotate()
        .resize(RENDITION_SIZES.thumb, RENDITION_SIZES.thumb, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: QUALITY.thumb })
        .toBuffer(),
    ]);
    previewBytes += preview.length;
    thumbBytes += thumb.length;
  }
  const seconds = (performance.now() - start) / 1000;
  return {
    seconds,
    imagesPerSecond: files.length / seconds,
    peakRss: sampler.stop(),
    idleRss,
    thumbBytes: thumbBytes / files.length,
    previewBytes: previewBytes / files.length,
  };
}

async function realPhase(files: string[]): Promise<PhaseResult> {
  const t = await createBenchApp('sqlite');
  try {
    const idleRss = process.memoryUsage.rss();
    const sampler = new RssSampler().start();
    let start = performance.now();
    const sources: string[] = [];
    for (const file of files) {
      const { blob } = await t.context.media.ingest(fs.createReadStream(file));
      sources.push(blob.sha256);
    }
    const ingestSeconds = (performance.now() - start) / 1000;
    start = performance.now();
    for (const sha256 of sources) {
      const outcome = await t.context.media.generateRenditions(sha256);
      if (outcome !== 'rendered') throw new Error(`renditions of ${sha256}: ${outcome}`);
    }
    const seconds = (performance.now() - start) / 1000;
    const peakRss = sampler.stop();
    const sizes = await t.context.database.db
      .selectFrom('renditions')
      .innerJoin('blobs', 'blobs.sha256', 'renditions.blob_sha256')
      .select(['renditions.kind', (eb) => eb.fn.avg<number>('blobs.size').as('bytes')])
      .groupBy('renditions.kind')
      .execute();
    const bytesOf = (kind: string) => Number(sizes.find((row) => row.kind === kind)?.bytes ?? 0);
    return {
      seconds,
      imagesPerSecond: files.length / seconds,
      ingestSeconds,
      peakRss,
      idleRss,
      thumbBytes: bytesOf('thumb'),
      previewBytes: bytesOf('preview'),
    };
  } finally {
    await t.close();
  }
}

function runPhase(phase: 'real' | 'direct', dir: string): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--phase', phase, '--dir', dir], {
      execArgv: process.execArgv,
    });
    child.once('message', (message: PhaseResult) => resolve(message));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${phase} phase exited with ${code}`));
    });
  });
}

// ---------------------------------------------------------------- run

async function main(): Promise<void> {
  if (values.phase) {
    const files = JSON.parse(fs.readFileSync(path.join(values.dir!, 'files.json'), 'utf8')) as string[];
    const result = values.phase === 'real' ? await realPhase(files) : await directPhase(files);
    process.send?.(result, () => process.exit(0));
    return;
  }
  const count = Number(values.images);
  const width = Number(values.width);
  const height = Number(values.height);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-media-bench-'));
  try {
    let start = performance.now();
    const files = await generate(dir, count, width, height);
    fs.writeFileSync(path.join(dir, 'files.json'), JSON.stringify(files));
    const generateSeconds = (performance.now() - start) / 1000;
    const averageBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0) / files.length;
    console.log(
      `wrote ${count} JPEGs of ${width}×${height} (${megabytes(averageBytes)} each) in ${fmt(generateSeconds)} s`,
    );

    const loadBefore = loadAverage();
    start = performance.now();
    const direct = await runPhase('direct', dir);
    console.log(
      `  direct: ${fmt(direct.imagesPerSecond, 2)} images/s, peak RSS ${megabytes(direct.peakRss)}`,
    );
    const real = await runPhase('real', dir);
    console.log(
      `  real:   ${fmt(real.imagesPerSecond, 2)} images/s (ingest ${fmt(real.ingestSeconds!)} s), peak RSS ${megabytes(real.peakRss)}`,
    );
    const ratio = real.imagesPerSecond / direct.imagesPerSecond;
    const row = (what: string, result: PhaseResult) =>
      `| ${what} | ${fmt(result.seconds)} s | ${fmt(result.imagesPerSecond, 2)} | ${fmt(result.thumbBytes / 1000, 0)} KB / ${fmt(result.previewBytes / 1000, 0)} KB | ${megabytes(result.idleRss)} → ${megabytes(result.peakRss)} |`;
    const section = [
      `## Media renditions benchmark, ${today()}`,
      '',
      `Machine: ${machineDescription([`sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`])}; 1-minute load average ${fmt(loadBefore)} before the phases, ${fmt(loadAverage())} after. Command: \`npm run bench:media -- --images ${count} --width ${width} --height ${height}\`.`,
      `${count} JPEGs of ${width}×${height} (quality 90, ${megabytes(averageBytes)} each, ${DISTINCT} distinct pictures of gradient and noise, a quarter with EXIF orientation 6, each file with its own bytes), written in ${fmt(generateSeconds)} s. Each phase in its own child process, files one at a time. real = MediaService.generateRenditions per file (the renditions job: probe, one decode to 1600 px, thumbnail from those pixels, two JPEGs into the blob store, rows), after MediaService.ingest of all files (store + probe with full decode: ${fmt(real.ingestSeconds!)} s, ${fmt(count / real.ingestSeconds!, 2)} files/s, not counted). direct = two sharp pipelines per file, \`rotate().resize(1600 | 400, { fit: 'inside' }).jpeg()\`, run together. Images/s = one thumbnail and one preview each. RSS: idle after start-up → peak during the phase (ingest included for real), sampled every 10 ms.`,
      '',
      '| path | time | images/s | thumbnail / preview size | RSS idle → peak |',
      '|---|---|---|---|---|',
      row('real: MediaService.generateRenditions', real),
      row('direct sharp calls', direct),
      '',
      `real ÷ direct: **${times(ratio)}** the images per second.`,
      '',
    ].join('\n');
    console.log(`\n${section}`);
    if (!values['no-write']) appendToPerformance(section);
    printSummary([
      {
        bench: 'media',
        what: `renditions (thumbnail + preview) of ${width}×${height} JPEGs, images/s`,
        figure: `${fmt(real.imagesPerSecond, 2)}/s`,
        baseline: `${fmt(direct.imagesPerSecond, 2)}/s (direct sharp)`,
        ratio: times(ratio),
        target: '– (none in issue 7)',
        met: null,
      },
      {
        bench: 'media',
        what: 'peak RSS of the rendering process',
        figure: megabytes(real.peakRss, 0),
        baseline: `${megabytes(direct.peakRss, 0)} (direct sharp)`,
        ratio: times(real.peakRss / direct.peakRss),
        target: '– (none in issue 7)',
        met: null,
      },
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
