/**
 * `npm run bench:media [-- --images 100 --width 4000 --height 3000 --parallel 4 --large 4 --rounds 2 --no-write]`
 *
 * Writes `--images` camera-size JPEGs into a temp dir once: 12 distinct pictures (a colour gradient
 * under per-pixel noise, quality 90, a quarter of them with EXIF orientation 6 as a portrait shot
 * leaves them), each copied with its own JPEG comment so that every file has distinct bytes (the
 * renditions are keyed by content) but the same decoding work. Then, each in a fresh child process
 * so that peak RSS is the phase's own:
 *   real     – the MediaService path of the renditions lane: context.media.ingest of every file
 *              (store + probe from header and structure; timed apart, and the probe alone again
 *              beside a full decode of each file, the check ingest used to make), then
 *              generateRenditions(sha256) from `--parallel` workers at once (default
 *              RENDITION_CONCURRENCY, twice the cores), as the lane calls it, of which RENDERS_AT_ONCE
 *              (the cores) render at once while the others store: probe, one decode with shrink-on-load,
 *              thumbnail from those pixels, two JPEGs stored in the blob store, rows written;
 *   direct   – the best plain sharp pipeline for the same output, by as many workers (more than the
 *              cores pays here too: the gaps between one file's sharp calls are filled): one decode
 *              with libjpeg shrink-on-load and auto-orient to 1600 px raw pixels, both JPEGs encoded
 *              from them; no probe, no blob store, no database;
 *   serial   – the real path one file at a time, as the job ran until now (comparable with the
 *              figures of earlier runs);
 *   before   – the job's pixel work before issue 16 in plain sharp (full-size decode), one at a time:
 *              the same-run baseline of the 2x target;
 *   mix      – the real path by the same workers over `--large` interlaced 50 MP PNGs (decoded
 *              whole, 150 MB each), two arriving together, among the JPEGs: peak RSS whatever the mix.
 * The four JPEG phases run `--rounds` times, in the opposite order every other round (the machine is
 * shared, its load drifts), and the best round of each counts.
 * Prints pictures per second (one thumbnail + one preview each), real ÷ direct, parallel ÷ serial,
 * the probe's time per 100 pictures, and each phase's peak RSS. Appends a dated section to
 * docs/performance.md unless --no-write, and prints the suite's summary rows (report.ts). Temp
 * files are removed.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { probeMedia } from '../modules/media/media-probe.js';
import { RENDITION_SIZES } from '../modules/media/media-types.js';
import { RENDITION_CONCURRENCY } from '../modules/media/media.service.js';
import { RENDERS_AT_ONCE } from '../modules/media/render-memory.js';
import { writeCameraJpegs } from './camera-jpegs.js';
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
    images: { type: 'string', default: '100' },
    width: { type: 'string', default: '4000' },
    height: { type: 'string', default: '3000' },
    parallel: { type: 'string', default: String(RENDITION_CONCURRENCY) },
    large: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    'no-write': { type: 'boolean', default: false },
    /** Internal: run one phase in this (child) process over the given folder, with this many workers. */
    phase: { type: 'string' },
    workers: { type: 'string' },
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

/**
 * A 50 MP RGB PNG, interlaced (Adam7): its rows cannot stream, so the decoder holds all 150 MB at
 * once, the most memory one render can take. (A 50 MP TIFF streams its strips into the resize,
 * even when EXIF-rotated, because sharp turns it upright after shrinking.)
 */
async function writeLargeInterlacedPng(file: string, seed: number): Promise<void> {
  await sharp({
    create: { width: 8660, height: 5774, channels: 3, background: { r: 40 * seed, g: 90, b: 60 } },
  })
    .png({ progressive: true, compressionLevel: 1 })
    .toFile(file);
}

// ---------------------------------------------------------------- phases (child processes)

type Phase = 'real' | 'direct' | 'serial' | 'before' | 'mix';

interface PhaseResult {
  workers: number;
  seconds: number;
  imagesPerSecond: number;
  /** real: ingest (store + probe) of every file, before the renditions. */
  ingestSeconds?: number;
  /** real: probeMedia of every stored file, one after another. */
  probeSeconds?: number;
  /** real: a full decode of every file (the old probe's check), one after another. */
  fullDecodeSeconds?: number;
  peakRss: number;
  idleRss: number;
  thumbBytes: number;
  previewBytes: number;
}

/** Runs `work` over the items from `workers` loops at once, as the lane's workers take jobs. */
async function inParallel<T>(items: T[], workers: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** The largest libjpeg scale (1/2, 1/4, 1/8) that still leaves the preview's edge. */
function shrinkFor(width: number, height: number): number {
  const longest = Math.max(width, height);
  return [8, 4, 2].find((factor) => Math.ceil(longest / factor) >= RENDITION_SIZES.preview) ?? 1;
}

async function directPhase(files: string[], workers: number): Promise<PhaseResult> {
  sharp.cache(false); // every file is new: libvips' operation cache would only hold memory
  const idleRss = process.memoryUsage.rss();
  const sampler = new RssSampler().start();
  let thumbBytes = 0;
  let previewBytes = 0;
  const start = performance.now();
  await inParallel(files, workers, async (file) => {
    const { width = 0, height = 0 } = await sharp(file).metadata();
    const factor = shrinkFor(width, height);
    const { data, info } = await sharp(factor > 1 ? `${file}[shrink=${factor}]` : file, {
      sequentialRead: true,
    })
      .rotate()
      .resize(RENDITION_SIZES.preview, RENDITION_SIZES.preview, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    // One after the other: the workers already keep the cores busy, a third pipeline would only queue.
    const preview = await sharp(data, raw).jpeg({ quality: QUALITY.preview, progressive: true }).toBuffer();
    const thumb = await sharp(data, raw)
      .resize(RENDITION_SIZES.thumb, RENDITION_SIZES.thumb, { fit: 'inside' })
      .jpeg({ quality: QUALITY.thumb })
      .toBuffer();
    previewBytes += preview.length;
    thumbBytes += thumb.length;
  });
  const seconds = (performance.now() - start) / 1000;
  return {
    workers,
    seconds,
    imagesPerSecond: files.length / seconds,
    peakRss: sampler.stop(),
    idleRss,
    thumbBytes: thumbBytes / files.length,
    previewBytes: previewBytes / files.length,
  };
}

/**
 * The pixel work of the renditions job before issue 16, in plain sharp, one file at a time: the
 * render, whose resize sharp could not shrink on load (4000 → 1600 px is less than twice libjpeg's
 * 1/2), and both JPEGs from its pixels. No probe, blob store or database, so it is, if anything,
 * faster than the job was (the ingest probe's full decode is timed apart, as before).
 */
async function beforePhase(files: string[]): Promise<PhaseResult> {
  const idleRss = process.memoryUsage.rss();
  const sampler = new RssSampler().start();
  let thumbBytes = 0;
  let previewBytes = 0;
  const start = performance.now();
  for (const file of files) {
    const { data, info } = await sharp(file, { failOn: 'error' })
      .rotate()
      .resize(RENDITION_SIZES.preview, RENDITION_SIZES.preview, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const preview = await sharp(data, raw).jpeg({ quality: QUALITY.preview, progressive: true }).toBuffer();
    const thumb = await sharp(data, raw)
      .resize(RENDITION_SIZES.thumb, RENDITION_SIZES.thumb, { fit: 'inside' })
      .jpeg({ quality: QUALITY.thumb })
      .toBuffer();
    previewBytes += preview.length;
    thumbBytes += thumb.length;
  }
  const seconds = (performance.now() - start) / 1000;
  return {
    workers: 1,
    seconds,
    imagesPerSecond: files.length / seconds,
    peakRss: sampler.stop(),
    idleRss,
    thumbBytes: thumbBytes / files.length,
    previewBytes: previewBytes / files.length,
  };
}

async function realPhase(files: string[], workers: number, measureProbe: boolean): Promise<PhaseResult> {
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
    let probeSeconds: number | undefined;
    let fullDecodeSeconds: number | undefined;
    if (measureProbe) {
      const paths = await Promise.all(
        sources.map(async (sha256) => (await t.context.blobs.localPath(sha256))!),
      );
      start = performance.now();
      for (const file of paths) await probeMedia(file);
      probeSeconds = (performance.now() - start) / 1000;
      start = performance.now();
      for (const file of paths) {
        await sharp(file, { failOn: 'error', sequentialRead: true })
          .resize(64, 64, { fit: 'inside' })
          .raw()
          .toBuffer();
      }
      fullDecodeSeconds = (performance.now() - start) / 1000;
    }
    start = performance.now();
    await inParallel(sources, workers, async (sha256) => {
      const outcome = await t.context.media.generateRenditions(sha256);
      if (outcome !== 'rendered') throw new Error(`renditions of ${sha256}: ${outcome}`);
    });
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
      workers,
      seconds,
      imagesPerSecond: files.length / seconds,
      ingestSeconds,
      probeSeconds,
      fullDecodeSeconds,
      peakRss,
      idleRss,
      thumbBytes: bytesOf('thumb'),
      previewBytes: bytesOf('preview'),
    };
  } finally {
    await t.close();
  }
}

function runPhase(phase: Phase, dir: string, workers: number): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--phase', phase, '--dir', dir, '--workers', String(workers)],
      { execArgv: process.execArgv },
    );
    child.once('message', (message: PhaseResult) => resolve(message));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`${phase} phase exited with ${code}`));
    });
  });
}

// ---------------------------------------------------------------- run

/**
 * Issue 16's reference: the renditions job one file at a time with a full-decode probe at ingest
 * (docs/performance.md, 2026-11-23, same command): 5.02 pictures/s, ingest 7.1 s per 100.
 */
const BEFORE = { picturesPerSecond: 5.02, ingestSecondsPer100: 7.1 } as const;
const TARGET = { speedup: 2, peakRssBytes: 600e6 } as const;

async function main(): Promise<void> {
  if (values.phase) {
    const files = JSON.parse(fs.readFileSync(path.join(values.dir!, 'files.json'), 'utf8')) as string[];
    const workers = Number(values.workers);
    if (values.phase === 'mix') {
      const mix = JSON.parse(fs.readFileSync(path.join(values.dir!, 'mix.json'), 'utf8')) as string[];
      const result = await realPhase(mix, Number(values.workers), false);
      process.send?.(result, () => process.exit(0));
      return;
    }
    const result =
      values.phase === 'direct'
        ? await directPhase(files, workers)
        : values.phase === 'before'
          ? await beforePhase(files)
          : await realPhase(files, workers, values.phase === 'serial');
    process.send?.(result, () => process.exit(0));
    return;
  }
  const count = Number(values.images);
  const width = Number(values.width);
  const height = Number(values.height);
  const parallel = Number(values.parallel);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-media-bench-'));
  try {
    const start = performance.now();
    const files = await writeCameraJpegs(dir, {
      count,
      width,
      height,
      distinct: DISTINCT,
      write: writePicture,
    });
    fs.writeFileSync(path.join(dir, 'files.json'), JSON.stringify(files));
    const generateSeconds = (performance.now() - start) / 1000;
    const averageBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0) / files.length;
    console.log(
      `wrote ${count} JPEGs of ${width}×${height} (${megabytes(averageBytes)} each) in ${fmt(generateSeconds)} s`,
    );

    const loadBefore = loadAverage();
    const report = (what: string, result: PhaseResult) =>
      console.log(
        `  ${what}: ${fmt(result.imagesPerSecond, 2)} pictures/s with ${result.workers} at once, peak RSS ${megabytes(result.peakRss)}`,
      );
    // Other work on the shared machine comes and goes: each phase runs once per round, in the
    // opposite order every other round (ABBA), and the best round counts (peak RSS: the highest).
    const rounds = Number(values.rounds);
    const runs = new Map<Phase, PhaseResult[]>();
    const order: Array<[Phase, number]> = [
      ['before', 1],
      ['direct', parallel],
      ['real', parallel],
      ['serial', 1],
    ];
    for (let round = 0; round < rounds; round += 1) {
      for (const [phase, workers] of round % 2 === 0 ? order : [...order].reverse()) {
        const result = await runPhase(phase, dir, workers);
        report(`${phase} (round ${round + 1})`, result);
        runs.set(phase, [...(runs.get(phase) ?? []), result]);
      }
    }
    const best = (phase: Phase): PhaseResult => {
      const results = runs.get(phase)!;
      const fastest = results.reduce((a, b) => (b.imagesPerSecond > a.imagesPerSecond ? b : a));
      return { ...fastest, peakRss: Math.max(...results.map((result) => result.peakRss)) };
    };
    const all = (phase: Phase) =>
      runs
        .get(phase)!
        .map((result) => fmt(result.imagesPerSecond, 2))
        .join(' / ');
    const [before, direct, real, serial] = (['before', 'direct', 'real', 'serial'] as const).map(best) as [
      PhaseResult,
      PhaseResult,
      PhaseResult,
      PhaseResult,
    ];
    // Memory whatever the mix: 50 MP pictures decoded whole, among camera JPEGs, by the same workers.
    const largeCount = Number(values.large);
    const larges: string[] = [];
    for (let index = 0; index < largeCount; index += 1) {
      larges.push(path.join(dir, 'images', `SCAN_${index + 1}.png`));
      await writeLargeInterlacedPng(larges[index]!, index + 1);
    }
    const mixFiles = [...files.slice(0, 5 * largeCount)];
    // In pairs, so that two of them arrive together: the case the budget must serialise.
    larges.forEach((large, index) => mixFiles.splice(Math.floor(index / 2) * 7 + (index % 2), 0, large));
    fs.writeFileSync(path.join(dir, 'mix.json'), JSON.stringify(mixFiles));
    const mix = largeCount > 0 ? await runPhase('mix', dir, parallel) : undefined;
    if (mix) report('mix', mix);
    const loadAfter = loadAverage();

    const ratio = real.imagesPerSecond / direct.imagesPerSecond;
    const speedup = real.imagesPerSecond / before.imagesPerSecond;
    const per100 = (seconds: number) => (seconds * 100) / count;
    const probePer100 = per100(serial.probeSeconds!);
    const row = (what: string, result: PhaseResult) =>
      `| ${what} | ${result.workers} | ${fmt(result.seconds)} s | ${fmt(result.imagesPerSecond, 2)} | ${fmt(result.thumbBytes / 1000, 0)} KB / ${fmt(result.previewBytes / 1000, 0)} KB | ${megabytes(result.idleRss)} → ${megabytes(result.peakRss)} |`;
    const section = [
      `## Media renditions benchmark, ${today()}`,
      '',
      `Machine: ${machineDescription([`sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`])}; 1-minute load average ${fmt(loadBefore)} before the phases, ${fmt(loadAfter)} after. Command: \`npm run bench:media -- --images ${count} --width ${width} --height ${height} --parallel ${parallel} --large ${largeCount} --rounds ${rounds}\`.`,
      `${count} JPEGs of ${width}×${height} (quality 90, ${megabytes(averageBytes)} each, ${DISTINCT} distinct pictures of gradient and noise, a quarter with EXIF orientation 6, each file with its own bytes), written in ${fmt(generateSeconds)} s. Each phase in its own child process. real = MediaService.generateRenditions from ${parallel} workers at once, as the renditions lane calls it, ${RENDERS_AT_ONCE} of them rendering at once (probe from header and structure, one decode with JPEG shrink-on-load to 1600 px, thumbnail from those pixels, two JPEGs into the blob store, rows; admitted by the memory budget), after MediaService.ingest of all files (store + probe: ${fmt(real.ingestSeconds!)} s, not counted). direct = the best plain sharp pipeline for the same output, by as many workers: one decode with shrink-on-load and auto-orient to 1600 px raw pixels, preview and thumbnail JPEGs encoded from them; no probe, blob store or database. serial = the real path one file at a time, as the job ran before (comparable with earlier sections). before = what the job's pixel work was before issue 16, in plain sharp, one file at a time: a full-size decode (sharp shrinks 4000 → 1600 px only after decoding), both JPEGs from its pixels; no probe, blob store or database, so if anything faster than the job was. mix = the real path by the same workers over ${largeCount} interlaced 50 MP RGB PNGs (8660×5774: 150 MB decoded, all of it held at once, as interlacing cannot stream), two at a time each followed by 10 of the JPEGs: what the memory budget is for. Pictures/s = one thumbnail and one preview each; ${rounds} rounds, in the opposite order every other round, the best counts (each round's figures: real ${all('real')}, direct ${all('direct')}, one at a time ${all('serial')}, before ${all('before')}). RSS: idle after start-up → peak during the phase (ingest included for real and serial; the highest of the rounds), sampled every 10 ms.`,
      '',
      '| path | workers | time | pictures/s | thumbnail / preview size | RSS idle → peak |',
      '|---|---|---|---|---|---|',
      row('real: MediaService.generateRenditions', real),
      row('direct sharp pipeline', direct),
      row('real, one at a time', serial),
      row('before issue 16: full-size decode, one at a time (plain sharp)', before),
      ...(mix
        ? [
            row(
              `mix: real path, ${largeCount} interlaced PNGs of 50 MP + ${mixFiles.length - largeCount} of the JPEGs`,
              mix,
            ),
          ]
        : []),
      '',
      `real ÷ direct: **${times(ratio)}** the pictures per second. real ÷ before: **${times(speedup)}** (target ≥ ${TARGET.speedup}x); real with ${parallel} workers ÷ one at a time: ${times(real.imagesPerSecond / serial.imagesPerSecond)}; real ÷ the ${BEFORE.picturesPerSecond}/s measured on 2026-11-23 on a quieter machine: ${times(real.imagesPerSecond / BEFORE.picturesPerSecond)}.`,
      `Ingest probe (probeMedia from header and structure, one file after another): **${fmt(probePer100, 2)} s per 100 pictures**; a full decode of each (the check ingest made before, \`failOn: 'error'\`, shrunk to 64 px) ${fmt(per100(serial.fullDecodeSeconds!), 1)} s per 100 in the same run. Whole ingest (store + probe): ${fmt(per100(serial.ingestSeconds!), 1)} s per 100 (${BEFORE.ingestSecondsPer100} s on 2026-11-23).`,
      '',
    ].join('\n');
    console.log(`\n${section}`);
    if (!values['no-write']) appendToPerformance(section);
    printSummary([
      {
        bench: 'media',
        what: `renditions (thumbnail + preview) of ${width}×${height} JPEGs, pictures/s, ${parallel} workers`,
        figure: `${fmt(real.imagesPerSecond, 2)}/s`,
        baseline: `${fmt(before.imagesPerSecond, 2)}/s (before issue 16: plain sharp, one at a time)`,
        ratio: times(speedup),
        target: `≥ ${TARGET.speedup}x`,
        met: speedup >= TARGET.speedup,
      },
      {
        bench: 'media',
        what: `same against the best direct sharp pipeline, ${parallel} workers each`,
        figure: `${fmt(real.imagesPerSecond, 2)}/s`,
        baseline: `${fmt(direct.imagesPerSecond, 2)}/s (direct sharp)`,
        ratio: times(ratio),
        target: '–',
        met: null,
      },
      {
        bench: 'media',
        what: 'same, one at a time',
        figure: `${fmt(serial.imagesPerSecond, 2)}/s`,
        baseline: `${BEFORE.picturesPerSecond}/s (2026-11-23, before issue 16)`,
        ratio: times(serial.imagesPerSecond / BEFORE.picturesPerSecond),
        target: '–',
        met: null,
      },
      {
        bench: 'media',
        what: 'peak RSS of the rendering process',
        figure: megabytes(real.peakRss, 0),
        baseline: `${megabytes(direct.peakRss, 0)} (direct sharp)`,
        ratio: times(real.peakRss / direct.peakRss),
        target: `< ${megabytes(TARGET.peakRssBytes, 0)}`,
        met: real.peakRss < TARGET.peakRssBytes,
      },
      ...(mix
        ? [
            {
              bench: 'media',
              what: `peak RSS, ${largeCount} interlaced PNGs of 50 MP among JPEGs`,
              figure: megabytes(mix.peakRss, 0),
              baseline: `${megabytes(mix.idleRss, 0)} (idle)`,
              ratio: times(mix.peakRss / mix.idleRss),
              target: `< ${megabytes(TARGET.peakRssBytes, 0)}`,
              met: mix.peakRss < TARGET.peakRssBytes,
            },
          ]
        : []),
      {
        bench: 'media',
        what: 'ingest probe, s per 100 pictures',
        figure: `${fmt(probePer100, 2)} s`,
        baseline: `${fmt(per100(serial.fullDecodeSeconds!), 1)} s (full decode, same run)`,
        ratio: times(probePer100 / per100(serial.fullDecodeSeconds!)),
        target: '–',
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
