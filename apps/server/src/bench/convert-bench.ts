/**
 * `npm run bench:convert [-- --images 100 --width 4000 --height 3000 --rounds 2 --no-write]`
 *
 * Converted files of issue 21.4, made as a bundle asks for them. Writes `--images` camera-size JPEGs
 * into a temp dir once: 12 distinct pictures (colour gradients under per-pixel noise, with bands and
 * blocks drawn over them, quality 90, a quarter with EXIF orientation 6 as a portrait shot leaves
 * them), each copied with its own JPEG comment so that every file has distinct bytes (conversions are
 * keyed by content) but the same decoding work. Then, each in a fresh child process so that peak
 * RSS is the phase's own:
 *   real   – the app's path: every file stored as a blob (MediaService.ingest, not timed), then
 *            ConversionsService.request for all of them with the shipped online-shop preset in one
 *            transaction, as a bundle would, and the app's JobQueue started: the renditions lane's
 *            RENDITION_CONCURRENCY workers run the conversions.make jobs (probe, convertImage within
 *            the shared render budget, blob store, rows) until every conversion row is done;
 *   direct – the best plain sharp pipeline for the same output, by as many workers: libjpeg
 *            shrink-on-load, auto-orient, fitted inside 1000 × 1000 and padded white, sRGB with its
 *            profile, 72 dpi, JPEG quality 90 written to a file; no probe, blob store or database.
 * Both run `--rounds` times, in the opposite order every other round (the machine is shared), and
 * the best round counts. Prints pictures/s of each, real ÷ direct (target ≥ 0.85) and the real
 * path's peak RSS (target < 600 MB, sampled every 50 ms). After the real phase, the same pictures
 * as catalogue assets: a second bundle of them with the preset (every conversion made) against a
 * bundle of their originals, from the request to the zip's first byte (target < 1 s). Appends a dated section to
 * docs/performance.md unless --no-write, and prints the suite's summary rows (report.ts).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { ConversionKey } from '../modules/conversions/conversion-requests.js';
import { jpegShrinkFactor, withShrinkOnLoad } from '../modules/media/jpeg-shrink-on-load.js';
import { RENDITION_CONCURRENCY } from '../modules/media/media.service.js';
import { seedAsset, seedNodes, imageAsset } from '../modules/catalogue/testing/catalogue-seed.js';
import { writeCameraJpegs } from './camera-jpegs.js';
import { createBenchApp, seedTarget, signedInUser, type BenchApp } from './bench-app.js';
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
    rounds: { type: 'string', default: '2' },
    'no-write': { type: 'boolean', default: false },
    /** Internal: run one phase in this (child) process over the given folder. */
    phase: { type: 'string' },
    dir: { type: 'string' },
  },
});

const DISTINCT = 12;
/** The shipped online-shop preset (migration 0018): id 1, version 1, 1000 × 1000 padded white, JPEG q90, sRGB, 72 dpi. */
const ONLINE_SHOP = { presetId: 1, presetVersion: 1, edge: 1000, quality: 90, dpi: 72 } as const;
const TARGET = { ratio: 0.85, peakRssBytes: 600e6, firstByteMs: 1000 } as const;
const RSS_SAMPLE_MS = 50;

// ---------------------------------------------------------------- images

/**
 * A diagonal colour gradient under per-pixel noise, with darker bands and light blocks drawn over
 * it: compresses like a photo (edges, texture, smooth areas), not like a flat colour.
 */
async function writePicture(file: string, width: number, height: number, seed: number, portrait: boolean) {
  const pixels = Buffer.allocUnsafe(width * height * 3);
  let state = (seed * 2654435761) >>> 0;
  const hue = [(seed * 53) % 256, (seed * 101) % 256, (seed * 151) % 256];
  const band = Math.max(8, Math.round(height / (6 + seed)));
  for (let y = 0; y < height; y += 1) {
    const shade = Math.floor(y / band) % 2 === 0 ? 0 : -40;
    for (let x = 0; x < width; x += 1) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const noise = (state >>> 24) - 128;
      const t = (x / width + y / height) * 127;
      const block = (Math.floor(x / 400) + Math.floor(y / 300) + seed) % 5 === 0 ? 60 : 0;
      const at = (y * width + x) * 3;
      pixels[at] = clamp(hue[0]! + t + shade + block + (noise >> 2));
      pixels[at + 1] = clamp(hue[1]! - t / 2 + shade + block + (noise >> 2));
      pixels[at + 2] = clamp(hue[2]! + t / 3 + shade + block + (noise >> 2));
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (portrait) image = image.withMetadata({ orientation: 6 });
  await image.jpeg({ quality: 90 }).toFile(file);
}

const clamp = (value: number) => Math.max(0, Math.min(255, value));

// ---------------------------------------------------------------- phases (child processes)

type Phase = 'real' | 'direct';

interface PhaseResult {
  workers: number;
  seconds: number;
  picturesPerSecond: number;
  peakRss: number;
  idleRss: number;
  /** Average size of a made file. */
  outputBytes: number;
  /** real: storing the sources as blobs (not counted). */
  storeSeconds?: number;
  /** real: the second bundle of the same items, once every conversion is made. */
  firstByte?: FirstByte;
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

/** One file by the best plain sharp pipeline for the online-shop preset; answers the bytes written. */
async function convertDirectly(file: string, output: string): Promise<number> {
  const { width, height } = await sharp(file).metadata();
  const factor = jpegShrinkFactor({ mimeType: 'image/jpeg', width, height }, ONLINE_SHOP.edge);
  const info = await sharp(withShrinkOnLoad(file, factor), { failOn: 'error', sequentialRead: true })
    .rotate()
    .resize(ONLINE_SHOP.edge, ONLINE_SHOP.edge, { fit: 'contain', background: '#ffffff' })
    .toColourspace('srgb')
    .withIccProfile('srgb')
    .withDensity(ONLINE_SHOP.dpi)
    .jpeg({ quality: ONLINE_SHOP.quality })
    .toFile(output);
  return info.size;
}

/** The best plain sharp pipeline for the online-shop preset, `workers` files at once. */
async function directPhase(files: string[], dir: string, workers: number): Promise<PhaseResult> {
  sharp.cache(false); // every file is new: libvips' operation cache would only hold memory
  const out = fs.mkdtempSync(path.join(dir, 'direct-'));
  // Untimed, as the real phase's ingest of the sources warms libvips up before its timing starts.
  await convertDirectly(files[0]!, path.join(out, 'warm-up.jpg'));
  const idleRss = process.memoryUsage.rss();
  const sampler = new RssSampler(RSS_SAMPLE_MS).start();
  let outputBytes = 0;
  let index = 0;
  const start = performance.now();
  await inParallel(files, workers, async (file) => {
    const bytes = await convertDirectly(file, path.join(out, `${index++}.jpg`));
    outputBytes += bytes;
  });
  const seconds = (performance.now() - start) / 1000;
  fs.rmSync(out, { recursive: true, force: true });
  return {
    workers,
    seconds,
    picturesPerSecond: files.length / seconds,
    peakRss: sampler.stop(),
    idleRss,
    outputBytes: outputBytes / files.length,
  };
}

/** The app's path: request every conversion as a bundle would, and let the renditions lane make them. */
async function realPhase(files: string[]): Promise<PhaseResult> {
  const t = await createBenchApp('sqlite');
  try {
    const { context } = t;
    let start = performance.now();
    const keys: ConversionKey[] = [];
    for (const file of files) {
      const { blob } = await context.media.ingest(fs.createReadStream(file));
      keys.push({
        sourceSha256: blob.sha256,
        presetId: ONLINE_SHOP.presetId,
        presetVersion: ONLINE_SHOP.presetVersion,
      });
    }
    const storeSeconds = (performance.now() - start) / 1000;
    const idleRss = process.memoryUsage.rss();
    const sampler = new RssSampler(RSS_SAMPLE_MS).start();
    start = performance.now();
    await context.database.db.transaction().execute((trx) => context.conversions.request(keys, trx));
    context.jobs.start();
    await untilAllFinished(context.conversions, keys);
    const seconds = (performance.now() - start) / 1000;
    const peakRss = sampler.stop();
    await context.jobs.stop();
    const rows = [...(await context.conversions.rowsOf(keys)).values()];
    const failed = rows.filter((row) => row.status !== 'done');
    if (failed.length > 0) throw new Error(`${failed.length} conversions not made: ${failed[0]!.failure}`);
    const firstByte = await secondBundleFirstBytePhase(t, files);
    return {
      workers: context.jobs.concurrencyOf('renditions'),
      seconds,
      picturesPerSecond: files.length / seconds,
      peakRss,
      idleRss,
      outputBytes: rows.reduce((sum, row) => sum + Number(row.size), 0) / rows.length,
      storeSeconds,
      firstByte,
    };
  } finally {
    await t.close();
  }
}

/** Polls the conversion rows (a cheap read every 50 ms) until none is pending. */
async function untilAllFinished(
  conversions: { rowsOf(keys: readonly ConversionKey[]): Promise<Map<string, { status: string }>> },
  keys: ConversionKey[],
): Promise<void> {
  for (;;) {
    const rows = await conversions.rowsOf(keys);
    if (rows.size === keys.length && [...rows.values()].every((row) => row.status !== 'pending')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function runPhase(phase: Phase, dir: string): Promise<PhaseResult> {
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

// ---------------------------------------------------------------- the second bundle

interface FirstByte {
  /** From asking for the bundle (GET /api/cart/download) to the zip's first byte, in ms. */
  converted: number;
  /** The same for a bundle of the same items' originals: what a bundle costs without conversions. */
  originals: number;
}

/** Milliseconds from the request until the first byte of its body arrives. */
async function firstByteMs(origin: string, url: string, headers: Record<string, string>): Promise<number> {
  const start = performance.now();
  const response = await fetch(`${origin}${url}`, { headers });
  if (response.status !== 200 || !response.body) throw new Error(`${url}: ${response.status}`);
  const reader = response.body.getReader();
  await reader.read();
  const ms = performance.now() - start;
  await reader.cancel();
  return ms;
}

/** Makes a bundle of the user's cart and times the first byte of its zip (both over HTTP). */
async function bundleFirstByte(origin: string, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const start = performance.now();
  const made = await fetch(`${origin}/api/cart/download`, { headers });
  if (made.status !== 200) throw new Error(`cart download: ${made.status} ${await made.text()}`);
  const { filename } = (await made.json()) as { filename: string };
  const progress = (await (await fetch(`${origin}/api/download/${filename}/progress`)).json()) as {
    ready: boolean;
  };
  if (!progress.ready)
    throw new Error('the second bundle is not ready at once: its conversions were not reused');
  return performance.now() - start + (await firstByteMs(origin, `/api/download/${filename}`, headers));
}

/**
 * "A second bundle of the same items starts its first byte in < 1 s": after the real phase made
 * every conversion, the sources become catalogue assets, one user chooses the online-shop preset
 * for all of them and another their original JPEGs, and each asks for a bundle over HTTP and reads
 * the zip's first byte. The converted bundle reuses every made file (it must be ready at once);
 * its time against the originals' shows what conversions add to a bundle once made.
 */
async function secondBundleFirstBytePhase(t: BenchApp, files: string[]): Promise<FirstByte> {
  const target = seedTarget(t);
  await seedNodes(target, [
    { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
    { id: 100, parentId: 1, rootId: 1, de: 'Kamera' },
  ]);
  const assetIds: number[] = [];
  for (const [index, file] of files.entries()) {
    const seeded = await seedAsset(target, {
      ...imageAsset(100, 1, `Bild ${index + 1}`, { bytes: fs.readFileSync(file), renditions: false }),
      gtin: String(4006067000000 + index),
      imageCategory: 1,
    });
    assetIds.push(seeded.id);
  }
  // The seeded rows claim 1200 × 1200; these are camera pictures.
  await t.context.database.db.updateTable('asset_files').set({ width: 4000, height: 3000 }).execute();
  const converting = await signedInUser(t, 'convert@partner.example');
  const originals = await signedInUser(t, 'originals@partner.example');
  for (const [user, body] of [
    [converting, { assetIds, preset: ONLINE_SHOP.presetId }],
    [originals, { assetIds, format: 1100 }],
  ] as const) {
    const added = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/',
      headers: { authorization: `Bearer ${user.token}` },
      payload: body,
    });
    if (added.statusCode !== 200) throw new Error(`cart: ${added.statusCode} ${added.body}`);
  }
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Warm-up (routes, statements), then the best of three of each.
  await bundleFirstByte(address, originals.token);
  const best = async (token: string) => {
    const times: number[] = [];
    for (let round = 0; round < 3; round += 1) times.push(await bundleFirstByte(address, token));
    return Math.min(...times);
  };
  return { converted: await best(converting.token), originals: await best(originals.token) };
}

// ---------------------------------------------------------------- run

async function main(): Promise<void> {
  if (values.phase) {
    const files = JSON.parse(fs.readFileSync(path.join(values.dir!, 'files.json'), 'utf8')) as string[];
    const result =
      values.phase === 'direct'
        ? await directPhase(files, values.dir!, RENDITION_CONCURRENCY)
        : await realPhase(files);
    process.send?.(result, () => process.exit(0));
    return;
  }
  const count = Number(values.images);
  const width = Number(values.width);
  const height = Number(values.height);
  const rounds = Number(values.rounds);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-convert-bench-'));
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
    const runs = new Map<Phase, PhaseResult[]>();
    const order: Phase[] = ['direct', 'real'];
    for (let round = 0; round < rounds; round += 1) {
      for (const phase of round % 2 === 0 ? order : [...order].reverse()) {
        const result = await runPhase(phase, dir);
        console.log(
          `  ${phase} (round ${round + 1}): ${fmt(result.picturesPerSecond, 2)} pictures/s with ${result.workers} at once, peak RSS ${megabytes(result.peakRss)}`,
        );
        runs.set(phase, [...(runs.get(phase) ?? []), result]);
      }
    }
    const loadAfter = loadAverage();
    const best = (phase: Phase): PhaseResult => {
      const results = runs.get(phase)!;
      const fastest = results.reduce((a, b) => (b.picturesPerSecond > a.picturesPerSecond ? b : a));
      return { ...fastest, peakRss: Math.max(...results.map((result) => result.peakRss)) };
    };
    const all = (phase: Phase) =>
      runs
        .get(phase)!
        .map((result) => fmt(result.picturesPerSecond, 2))
        .join(' / ');
    const direct = best('direct');
    const real = best('real');
    const ratio = real.picturesPerSecond / direct.picturesPerSecond;
    const firstByte = {
      converted: Math.min(...runs.get('real')!.map((result) => result.firstByte!.converted)),
      originals: Math.min(...runs.get('real')!.map((result) => result.firstByte!.originals)),
    };

    const row = (what: string, result: PhaseResult) =>
      `| ${what} | ${result.workers} | ${fmt(result.seconds)} s | ${fmt(result.picturesPerSecond, 2)} | ${fmt(result.outputBytes / 1000, 0)} KB | ${megabytes(result.idleRss)} → ${megabytes(result.peakRss)} |`;
    const section = [
      `## Conversions (issue 21.4), ${today()}`,
      '',
      `Machine: ${machineDescription([`sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`])}; 1-minute load average ${fmt(loadBefore)} before the phases, ${fmt(loadAfter)} after. Command: \`npm run bench:convert -- --images ${count} --width ${width} --height ${height} --rounds ${rounds}\`.`,
      `${count} JPEGs of ${width}×${height} (quality 90, ${megabytes(averageBytes)} each, ${DISTINCT} distinct pictures of gradient, noise, bands and blocks, a quarter with EXIF orientation 6, each file with its own bytes), written in ${fmt(generateSeconds)} s, converted with the shipped online-shop preset (1000 × 1000 padded white, sRGB, 72 dpi, JPEG q90). Each phase in its own child process. real = the sources stored as blobs (MediaService.ingest, ${fmt(real.storeSeconds!)} s, not counted), then ConversionsService.request of all ${count} keys in one transaction and the app's JobQueue started: the renditions lane's ${real.workers} workers run the conversions.make jobs (probe, convertImage with JPEG shrink-on-load within the render budget shared with the renditions, the file into the blob store, blob and conversion rows), timed until every row is done. direct = the best plain sharp pipeline for the same output by as many workers (shrink-on-load, auto-orient, contain in 1000 × 1000 on white, sRGB with profile, 72 dpi, q90, to a file); no probe, blob store, database or job queue (one file converted untimed first, as the real phase's storing of the sources warms libvips up). ${rounds} rounds, in the opposite order every other round, the best counts (each round: real ${all('real')}, direct ${all('direct')} pictures/s). RSS: idle after start-up (and, for real, after storing the sources) → peak during the phase (the highest of the rounds), sampled every ${RSS_SAMPLE_MS} ms.`,
      '',
      '| path | workers | time | pictures/s | file size | RSS idle → peak |',
      '|---|---|---|---|---|---|',
      row('real: request + renditions lane (conversions.make)', real),
      row('direct sharp pipeline', direct),
      '',
      `real ÷ direct: **${times(ratio)}** the pictures per second (target ≥ ${TARGET.ratio}x). Peak RSS of the real path: **${megabytes(real.peakRss, 0)}** (target < ${megabytes(TARGET.peakRssBytes, 0)}).`,
      `Second bundle of the same ${count} items with the preset, every conversion made already (over HTTP: GET /api/cart/download, then the zip until its first byte; best of 3 per round): **${fmt(firstByte.converted, 0)} ms** (target < ${TARGET.firstByteMs} ms); the same items' originals: ${fmt(firstByte.originals, 0)} ms.`,
      '',
    ].join('\n');
    console.log(`\n${section}`);
    if (!values['no-write']) appendToPerformance(section);
    printSummary([
      {
        bench: 'convert',
        what: `online-shop conversions of ${width}×${height} JPEGs, pictures/s, renditions lane (${real.workers} workers)`,
        figure: `${fmt(real.picturesPerSecond, 2)}/s`,
        baseline: `${fmt(direct.picturesPerSecond, 2)}/s (direct sharp, ${direct.workers} at once)`,
        ratio: times(ratio),
        target: `≥ ${TARGET.ratio}x`,
        met: ratio >= TARGET.ratio,
      },
      {
        bench: 'convert',
        what: 'peak RSS of the converting process',
        figure: megabytes(real.peakRss, 0),
        baseline: `${megabytes(direct.peakRss, 0)} (direct sharp)`,
        ratio: times(real.peakRss / direct.peakRss),
        target: `< ${megabytes(TARGET.peakRssBytes, 0)}`,
        met: real.peakRss < TARGET.peakRssBytes,
      },
      {
        bench: 'convert',
        what: `second bundle of ${count} converted items: request to the zip's first byte`,
        figure: `${fmt(firstByte.converted, 0)} ms`,
        baseline: `${fmt(firstByte.originals, 0)} ms (the originals' bundle)`,
        ratio: times(firstByte.converted / firstByte.originals),
        target: `< ${TARGET.firstByteMs} ms`,
        met: firstByte.converted < TARGET.firstByteMs,
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
