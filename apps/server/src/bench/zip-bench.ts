/**
 * `npm run bench:zip [-- --size-mb 2000 --files 5000 --passes 3 --no-write]`
 *
 * Writes `--files` files of random (incompressible) data, `--size-mb` MB in all, sizes spread
 * log-normally, into a temp LocalBlobStore (through put(), as ingest does), then serves them from
 * a child process over loopback HTTP (plain node:http) two ways, fetched by this process:
 *   raw – the same blobs concatenated (one store.read after the other, piped into the response),
 *   zip – planZip + zipStream piped into the response with its Content-Length,
 * alternating, `--passes` times each; plus a resumed download (Range over the last 100 MB, or half the zip if smaller) and the
 * same blobs read directly without HTTP. Prints time to first byte, throughput, zip ÷ raw, and the
 * server's peak RSS (sampled every 10 ms in the child, which holds nothing but the server).
 * Targets (issue 7): zip ≥ 80 % of the raw read's throughput, server RSS < 150 MB. Appends a dated
 * section to docs/performance.md unless --no-write, and prints the suite's summary rows (report.ts).
 * Temp files are removed.
 *
 * Experiment: `--read-chunk-kb 1024` reads the blob files with that chunk size instead of through
 * BlobStore.read (whose fs stream reads 64 KiB at a time), in all three ways alike.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seededRandom } from '../fixtures/demo/seeded-random.js';
import { parseRange } from '../platform/http/http-range.js';
import { uniqueEntryNames } from '../modules/delivery/zip/entry-names.js';
import { planZip } from '../modules/delivery/zip/zip-layout.js';
import { zipStream } from '../modules/delivery/zip/zip-stream.js';
import { LocalBlobStore } from '../platform/storage/local-blob-store.js';
import {
  appendToPerformance,
  loadAverage,
  machineDescription,
  median,
  percent,
  printSummary,
  today,
  vmHwm as readVmHwm,
} from './report.js';

const MB = 1e6;
/** Issue 7: zip ≥ 80 % of the raw read, server RSS < 150 MB. */
const TARGET_SHARE = 0.8;
const TARGET_RSS = 150 * MB;
/** The tail a resumed download asks for (at most half of a small zip). */
const RESUME_BYTES = 100 * MB;

const { values } = parseArgs({
  options: {
    'size-mb': { type: 'string', default: '2000' },
    files: { type: 'string', default: '5000' },
    passes: { type: 'string', default: '3' },
    'no-write': { type: 'boolean', default: false },
    /** Internal: run as the HTTP server over the bench folder given. */
    serve: { type: 'string' },
    'read-chunk-kb': { type: 'string' },
  },
});

type ReadBlob = (file: BenchFile, range?: { start: number; end: number }) => Readable;

/** BlobStore.read, or (experiment) the same files read with another chunk size. */
async function blobReader(dir: string, files: BenchFile[]): Promise<ReadBlob> {
  const store = new LocalBlobStore(path.join(dir, 'blobs'));
  const chunkKb = values['read-chunk-kb'];
  if (!chunkKb) return (file, range) => store.read(file.sha256, range);
  const paths = new Map<string, string>();
  for (const file of files) paths.set(file.sha256, (await store.localPath(file.sha256))!);
  const highWaterMark = Number(chunkKb) * 1024;
  return (file, range) => fs.createReadStream(paths.get(file.sha256)!, { highWaterMark, ...range });
}

interface BenchFile {
  name: string;
  sha256: string;
  size: number;
  crc32: number;
  modifiedAt: number;
}

/** What the server child reports. */
interface ServerStats {
  kind: 'stats';
  /** Highest RSS sampled since the last reset. */
  peakRss: number;
  rss: number;
  /** The kernel's peak RSS since the child started (includes start-up). */
  vmHwm: number;
  planMs: number;
  /** CPU time (user + system) of the server since the last reset: one request. */
  cpuMs: number;
}

type ServerMessage = { kind: 'ready'; port: number } | { kind: 'reset' } | ServerStats;

// ---------------------------------------------------------------- server (child process)

async function serve(dir: string): Promise<void> {
  const files = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BenchFile[];
  const read = await blobReader(dir, files);
  const rawSize = files.reduce((sum, file) => sum + file.size, 0);
  let peakRss = process.memoryUsage.rss();
  let planMs = 0;
  let cpuAtReset = process.cpuUsage();
  setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 10).unref();

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url === '/raw') {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': rawSize });
      for (const file of files) {
        if (response.destroyed) break;
        await pipeInto(read(file), response);
      }
      response.end();
      return;
    }
    // What a route does per request: plan from the manifest, answer the range, stream.
    const start = performance.now();
    const plan = planZip(files);
    planMs = performance.now() - start;
    const openEntry = (index: number, range?: { start: number; end: number }) => read(files[index]!, range);
    const range = parseRange(request.headers.range, plan.totalSize);
    if (range.kind === 'unsatisfiable') {
      response.writeHead(416, { 'content-range': `bytes */${plan.totalSize}` }).end();
    } else if (range.kind === 'partial') {
      response.writeHead(206, {
        'content-type': 'application/zip',
        'content-range': `bytes ${range.start}-${range.end}/${plan.totalSize}`,
        'content-length': range.end - range.start + 1,
      });
      await pipeline(zipStream(plan, openEntry, range), response);
    } else {
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': plan.totalSize });
      await pipeline(zipStream(plan, openEntry), response);
    }
  };
  const server = http.createServer((request, response) => {
    handle(request, response).catch((err: unknown) => {
      console.error(err);
      response.destroy();
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') send({ kind: 'ready', port: address.port });
  });
  process.on('message', (message: string) => {
    if (message === 'reset') {
      peakRss = process.memoryUsage.rss();
      cpuAtReset = process.cpuUsage();
      send({ kind: 'reset' });
    } else if (message === 'stats') {
      const cpu = process.cpuUsage(cpuAtReset);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      send({ kind: 'stats', peakRss, rss: process.memoryUsage.rss(), vmHwm: readVmHwm(), planMs, cpuMs });
    } else if (message === 'exit') {
      server.close(() => process.exit(0));
    }
  });
}

/**
 * Pipes one blob into the response and leaves it open for the next. Not pipeline(…, { end: false }):
 * that leaves listeners on the response per blob (thousands here).
 */
function pipeInto(source: Readable, response: http.ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    // A client that has all bytes may close before the blob stream's EOF read returns.
    const onClose = () => {
      source.destroy();
      resolve();
    };
    response.once('close', onClose);
    source.once('error', (err) => {
      response.off('close', onClose);
      reject(err);
    });
    source.once('end', () => {
      response.off('close', onClose);
      resolve();
    });
    source.pipe(response, { end: false });
  });
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

// ---------------------------------------------------------------- data

/** Log-normal sizes (σ 0.8: many small files, a tail of ones several times the mean) summing to `total`. */
function fileSizes(total: number, count: number): number[] {
  const random = seededRandom(2026);
  const weights = Array.from({ length: count }, () => {
    const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.exp(0.8 * gaussian);
  });
  const scale = total / weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => Math.max(1, Math.round(weight * scale)));
}

async function generate(dir: string, totalBytes: number, count: number): Promise<BenchFile[]> {
  const store = new LocalBlobStore(path.join(dir, 'blobs'));
  const sizes = fileSizes(totalBytes, count);
  // GS1-style names as bundles have them, a few duplicated to go through uniqueEntryNames.
  const names = uniqueEntryNames(
    sizes.map((_, index) => `040060670${String(index % (count - 10)).padStart(5, '0')}_C1C1.jpg`),
  );
  const files: BenchFile[] = [];
  const modifiedAt = Date.now();
  for (const [index, size] of sizes.entries()) {
    const blob = await store.put(randomBytes(size));
    files.push({ name: names[index]!, sha256: blob.sha256, size: blob.size, crc32: blob.crc32, modifiedAt });
    if ((index + 1) % 1000 === 0) console.log(`  ${index + 1} / ${count} files written`);
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(files));
  return files;
}

// ---------------------------------------------------------------- client

interface Fetched {
  status: number;
  bytes: number;
  contentLength: number;
  ttfbMs: number;
  totalMs: number;
  /** The last 22 bytes: a zip's end record. */
  tail: Buffer;
}

function fetch(port: number, url: string, headers: http.OutgoingHttpHeaders = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (response) => {
      let ttfbMs = 0;
      let bytes = 0;
      let tail = Buffer.alloc(0);
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) ttfbMs = performance.now() - start;
        bytes += chunk.length;
        tail = Buffer.concat([tail, chunk.subarray(-22)]).subarray(-22);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          contentLength: Number(response.headers['content-length']),
          ttfbMs,
          totalMs: performance.now() - start,
          tail,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function checked(fetched: Fetched, status: number, what: string): Fetched {
  if (fetched.status !== status || fetched.bytes !== fetched.contentLength) {
    throw new Error(`${what}: status ${fetched.status}, ${fetched.bytes} of ${fetched.contentLength} bytes`);
  }
  return fetched;
}

/** The same blobs read one after the other in this process, no HTTP: the disk (page cache) itself. */
async function readDirect(dir: string, files: BenchFile[]): Promise<{ totalMs: number; bytes: number }> {
  const read = await blobReader(dir, files);
  let bytes = 0;
  const sink = () =>
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    });
  const start = performance.now();
  for (const file of files) await pipeline(read(file), sink());
  return { totalMs: performance.now() - start, bytes };
}

// ---------------------------------------------------------------- run

function startServer(dir: string): Promise<{ child: ChildProcess; port: number }> {
  const chunkKb = values['read-chunk-kb'];
  const args = ['--serve', dir, ...(chunkKb ? ['--read-chunk-kb', chunkKb] : [])];
  const child = fork(fileURLToPath(import.meta.url), args, { execArgv: process.execArgv });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on('message', (message: ServerMessage) => {
      if (message.kind === 'ready') resolve({ child, port: message.port });
    });
  });
}

function ask<K extends ServerMessage['kind']>(
  child: ChildProcess,
  request: string,
  kind: K,
): Promise<Extract<ServerMessage, { kind: K }>> {
  return new Promise((resolve) => {
    const onMessage = (message: ServerMessage) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      resolve(message as Extract<ServerMessage, { kind: K }>);
    };
    child.on('message', onMessage);
    child.send(request);
  });
}

const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const fmt = (value: number, digits = 1) => value.toFixed(digits);
const mb = (bytes: number) => fmt(bytes / MB, 1);

/** Room for the blobs (and the put() temp file of the largest) plus 1 GB; scales the bench down if not. */
function fittingSize(requestedBytes: number): { bytes: number; note: string } {
  const stats = fs.statfsSync(os.tmpdir());
  const available = stats.bavail * stats.bsize;
  const room = Math.floor((available - 1e9) / 1.1);
  if (requestedBytes <= room) return { bytes: requestedBytes, note: '' };
  if (room < 100 * MB) throw new Error(`Only ${mb(available)} MB free in ${os.tmpdir()}`);
  return {
    bytes: room,
    note: ` Scaled down from ${mb(requestedBytes)} MB: ${mb(available)} MB free in ${os.tmpdir()}.`,
  };
}

const resumeBytes = (zipSize: number) => Math.min(RESUME_BYTES, Math.floor(zipSize / 2));

interface Run {
  bytes: number;
  ttfbMs: number;
  totalMs: number;
  /** Server CPU for the request (HTTP runs only). */
  cpuMs: number;
}

const summary = (runs: Run[]) => ({
  mbps: median(runs.map((run) => mbps(run.bytes, run.totalMs))),
  best: Math.max(...runs.map((run) => mbps(run.bytes, run.totalMs))),
  ttfbMs: median(runs.map((run) => run.ttfbMs)),
  /** Server CPU seconds per GB served. */
  cpuPerGb: median(runs.map((run) => run.cpuMs / 1000 / (run.bytes / 1e9))),
});

async function main(): Promise<void> {
  if (values.serve) return serve(values.serve);
  const loadBefore = loadAverage();
  const fileCount = Number(values.files);
  const passes = Number(values.passes);
  const { bytes: totalBytes, note } = fittingSize(Number(values['size-mb']) * MB);
  if (note) console.log(note.trim());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-zip-bench-'));
  let child: ChildProcess | undefined;
  try {
    console.log(`writing ${fileCount} files, ${mb(totalBytes)} MB, into ${dir}`);
    const start = performance.now();
    const files = await generate(dir, totalBytes, fileCount);
    const writeSeconds = (performance.now() - start) / 1000;
    const rawBytes = files.reduce((sum, file) => sum + file.size, 0);
    const sizes = files.map((file) => file.size).sort((a, b) => a - b);
    console.log(`  written in ${fmt(writeSeconds)} s`);

    const server = await startServer(dir);
    child = server.child;
    const serverChild = child;
    const { port } = server;
    await new Promise((resolve) => setTimeout(resolve, 500)); // let start-up garbage settle
    const idle = await ask(serverChild, 'stats', 'stats');

    // Warm-up: one of each (JIT, and as much of the page cache as the machine keeps), not counted.
    checked(await fetch(port, '/raw'), 200, 'raw warm-up');
    checked(await fetch(port, '/zip'), 200, 'zip warm-up');

    let planMs = 0;
    const peaks = { raw: 0, zip: 0 };
    /** One request, bracketed by the server's CPU and RSS accounting. */
    const measure = async (url: string, status: number, headers: http.OutgoingHttpHeaders = {}) => {
      await ask(serverChild, 'reset', 'reset');
      const fetched = checked(await fetch(port, url, headers), status, url);
      const stats = await ask(serverChild, 'stats', 'stats');
      const kind = url === '/raw' ? 'raw' : 'zip';
      peaks[kind] = Math.max(peaks[kind], stats.peakRss);
      if (kind === 'zip') planMs = stats.planMs;
      return { fetched, run: { ...fetched, cpuMs: stats.cpuMs } };
    };
    const runs = { direct: [] as Run[], raw: [] as Run[], zip: [] as Run[], resume: [] as Run[] };
    let zipSize = 0;
    for (let pass = 0; pass < passes; pass += 1) {
      // Every pass reads all three ways, in turns, so that the machine's other load and what the
      // page cache still holds weigh on each alike.
      const direct = await readDirect(dir, files);
      runs.direct.push({ ...direct, ttfbMs: 0, cpuMs: 0 });
      for (const kind of pass % 2 === 0 ? (['raw', 'zip'] as const) : (['zip', 'raw'] as const)) {
        const { fetched, run } = await measure(`/${kind}`, 200);
        if (kind === 'zip' && fetched.tail.readUInt32LE(0) !== 0x06054b50) {
          throw new Error('zip does not end with its end record');
        }
        if (kind === 'zip') zipSize = fetched.bytes;
        runs[kind].push(run);
      }
      const resume = await measure('/zip', 206, { range: `bytes=${zipSize - resumeBytes(zipSize)}-` });
      runs.resume.push(resume.run);
      const last = (list: Run[]) => fmt(mbps(list.at(-1)!.bytes, list.at(-1)!.totalMs), 0);
      console.log(
        `  pass ${pass + 1}: direct ${last(runs.direct)} MB/s, raw ${last(runs.raw)} MB/s, zip ${last(runs.zip)} MB/s, zip TTFB ${fmt(runs.zip.at(-1)!.ttfbMs)} ms`,
      );
    }
    const finalStats = await ask(serverChild, 'stats', 'stats');
    const direct = summary(runs.direct);
    const raw = summary(runs.raw);
    const zip = summary(runs.zip);
    const resume = summary(runs.resume);
    const row = (what: string, bytes: number, result: ReturnType<typeof summary>, http: boolean) =>
      `| ${what} | ${mb(bytes)} MB | ${http ? fmt(result.ttfbMs) : '–'} | ${fmt(result.mbps, 0)} / ${fmt(result.best, 0)} | ${http ? fmt(result.cpuPerGb, 2) : '–'} |`;
    const section = [
      `## Zip bundle benchmark, ${today()}`,
      '',
      `Machine: ${machineDescription()}; 1-minute load average ${fmt(loadBefore)} before the run, ${fmt(loadAverage())} after. Command: \`npm run bench:zip -- --size-mb ${values['size-mb']} --files ${fileCount} --passes ${passes}${values['read-chunk-kb'] ? ` --read-chunk-kb ${values['read-chunk-kb']}` : ''}\`.${note}`,
      `${fileCount.toLocaleString('en')} files of random (incompressible) data, ${mb(rawBytes)} MB in all, sizes log-normal (median ${fmt(median(sizes) / 1000, 0)} KB, largest ${fmt(sizes.at(-1)! / MB, 1)} MB), written through LocalBlobStore.put into the temp dir (${fmt(writeSeconds)} s) and read back through BlobStore.read (page cache as far as the machine keeps it). Served by plain node:http in a child process, fetched over loopback by the parent. Each of ${passes} passes reads the files directly, then raw and zip over HTTP in alternating order, then resumes the zip for its last ${mb(resumeBytes(zipSize))} MB; figures are medians (MB/s: median / best); MB = 10^6 bytes.`,
      '',
      '| what | bytes | time to first byte, ms | MB/s (median / best) | server CPU s per GB |',
      '|---|---|---|---|---|',
      row('raw blobs, read directly in one process (no HTTP)', rawBytes, direct, false),
      row('raw blobs concatenated, HTTP 200', rawBytes, raw, true),
      row('zip, HTTP 200', zipSize, zip, true),
      row(`zip resumed: last ${mb(resumeBytes(zipSize))} MB, HTTP 206`, resumeBytes(zipSize), resume, true),
      '',
      `zip ÷ raw over HTTP: **${fmt((zip.mbps / raw.mbps) * 100, 0)} %** of the median throughput, ${fmt((zip.best / raw.best) * 100, 0)} % of the best (target ≥ 80 %); server CPU per GB zip ÷ raw ${fmt((zip.cpuPerGb / raw.cpuPerGb) * 100, 0)} %. Server RSS (child process): ${mb(idle.rss)} MB idle after start-up, peak ${mb(peaks.zip)} MB while serving zips, ${mb(peaks.raw)} MB while serving raw (sampled every 10 ms; kernel high-water mark since start ${mb(finalStats.vmHwm)} MB; target < 150 MB). planZip of ${fileCount.toLocaleString('en')} entries: ${fmt(planMs)} ms per request (part of the time to first byte). Zip overhead: ${(zipSize - rawBytes).toLocaleString('en')} bytes of headers (${fmt((zipSize - rawBytes) / fileCount, 0)} per file).`,
      '',
    ].join('\n');
    console.log(`\n${section}`);
    if (!values['no-write']) appendToPerformance(section);
    const peakRss = Math.max(peaks.zip, peaks.raw);
    printSummary([
      {
        bench: 'zip',
        what: `zip download throughput, ${fileCount.toLocaleString('en')} files / ${mb(rawBytes)} MB`,
        figure: `${fmt(zip.mbps, 0)} MB/s`,
        baseline: `${fmt(raw.mbps, 0)} MB/s (raw blobs, HTTP)`,
        ratio: percent(zip.mbps / raw.mbps),
        target: `≥ ${percent(TARGET_SHARE)}`,
        met: zip.mbps / raw.mbps >= TARGET_SHARE,
      },
      {
        bench: 'zip',
        what: 'zip time to first byte',
        figure: `${fmt(zip.ttfbMs)} ms`,
        baseline: `${fmt(raw.ttfbMs)} ms (raw)`,
        ratio: `${fmt(zip.ttfbMs / raw.ttfbMs, 2)}x`,
        target: '–',
        met: null,
      },
      {
        bench: 'zip',
        what: 'server peak RSS while serving',
        figure: `${mb(peakRss)} MB`,
        baseline: `${mb(idle.rss)} MB (idle server)`,
        ratio: `${fmt(peakRss / idle.rss, 2)}x`,
        target: `< ${mb(TARGET_RSS)} MB`,
        met: peakRss < TARGET_RSS,
      },
    ]);
  } finally {
    if (child?.connected) {
      child.removeAllListeners('exit');
      child.send('exit');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
