import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MediaRejectionCodes } from '@mediabox/contract';
import { MediaRejectedError } from './media-types.js';
import type { PdfiumLoaded, PdfiumReply, PdfiumRequest, RenderedPixels } from './pdfium-worker.js';

export type { RenderedPixels } from './pdfium-worker.js';

export interface PdfInfo {
  pageCount: number;
  /** Page 1 as displayed (rotation applied), in PostScript points. */
  widthPt: number;
  heightPt: number;
}

/** A PDF that takes longer than this is hostile or broken; the thread running it is ended. */
export const PDF_TIMEOUT_MS = 30_000;
/** Preview resolution, as Ghostscript used: an A4 page becomes 1240×1754, enough for a 1600 preview. */
const RENDER_DPI = 150;
/**
 * A page larger than this at 150 dpi is rendered at a lower resolution; a conversion asks for the
 * resolution its output needs, within the same cap (the memory budget and the thread's recycling
 * assume at most 4000 × 4000 RGBA, 64 MB).
 */
export const MAX_RENDER_EDGE = 4000;

/** How finely page 1 is rendered: dots per inch, and the longest edge in pixels that caps it. */
export interface PageResolution {
  dpi: number;
  maxEdgePx: number;
}
/**
 * WebAssembly memory only grows; a thread whose memory grew past this (a huge page, a hostile
 * file) is ended after its answer and a fresh one starts with the next file.
 */
const RECYCLE_HEAP_BYTES = 512 * 1024 * 1024;
/**
 * The JavaScript heap of the thread. The WebAssembly memory is not part of it: that is bounded by
 * the module itself (2 GiB) and by the recycling above.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

/** PDFium itself could not be started: a fault of this installation, never of the file. */
export class PdfiumUnavailableError extends Error {
  override name = 'PdfiumUnavailableError';
}

const damaged = (detail: string) =>
  new MediaRejectedError(MediaRejectionCodes.damaged, `The PDF is damaged or cannot be read (${detail})`);

/**
 * The worker's code: next to this module when built (`.js`), next to the bundle in tests that start
 * the bundled server (`.mjs`), or else the TypeScript source, which a small bootstrap loads through
 * tsx (a development dependency, present wherever the sources run).
 */
function workerSource(): { script: URL | string; eval: boolean } {
  for (const name of ['pdfium-worker.js', 'pdfium-worker.mjs']) {
    const url = new URL(`./${name}`, import.meta.url);
    if (fs.existsSync(fileURLToPath(url))) return { script: url, eval: false };
  }
  // The bare name resolves from the working directory, inside the repository wherever sources run.
  const tsx = 'tsx/esm/api';
  const source = new URL('./pdfium-worker.ts', import.meta.url).href;
  return {
    script: `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    eval: true,
  };
}

interface Pending {
  resolve: (reply: PdfiumReply) => void;
  reject: (err: Error) => void;
}

/**
 * One warm PDFium thread, used one file at a time. A file that does not finish within the timeout,
 * fails, or kills the thread (out of memory) ends the thread; the file is refused as damaged and
 * the next file gets a fresh thread. An idle thread never keeps the process alive (unref).
 */
export class PdfiumThread {
  private worker: Worker | undefined;
  private pending: Pending | undefined;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  /** Threads in which PDFium has loaded: a failure before that is the installation's, not a file's. */
  private readonly loaded = new WeakSet<Worker>();

  /** Per file; a test shortens it to see a thread ended and replaced. */
  timeoutMs = PDF_TIMEOUT_MS;

  info(path: string): Promise<PdfInfo> {
    return this.run({ op: 'info', path }).then(({ pageCount, widthPt, heightPt }) => ({
      pageCount,
      widthPt,
      heightPt,
    }));
  }

  /**
   * Page 1, RGBA on white: by default at the previews' 150 dpi (less for pages over 4000 px); a
   * conversion passes the resolution its output needs. The edge is never above MAX_RENDER_EDGE.
   */
  async renderFirstPage(
    path: string,
    resolution: PageResolution = { dpi: RENDER_DPI, maxEdgePx: MAX_RENDER_EDGE },
  ): Promise<RenderedPixels> {
    return this.renderPage(path, 1, resolution);
  }

  /** Page `pageNumber` (1-based) like renderFirstPage; a page the PDF lacks is refused as damaged. */
  async renderPage(
    path: string,
    pageNumber: number,
    resolution: PageResolution = { dpi: RENDER_DPI, maxEdgePx: MAX_RENDER_EDGE },
  ): Promise<RenderedPixels> {
    const maxEdgePx = Math.max(1, Math.min(resolution.maxEdgePx, MAX_RENDER_EDGE));
    const page = pageNumber - 1;
    const reply = await this.run({ op: 'render', path, dpi: resolution.dpi, maxEdgePx, page });
    if (!('pixels' in reply)) throw new Error('PDFium answered without pixels');
    return { ...reply.pixels, data: new Uint8Array(reply.pixels.data) };
  }

  /** Ends the thread (tests, shutdown); the next file starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private run(
    request:
      | Omit<Extract<PdfiumRequest, { op: 'info' }>, 'id'>
      | Omit<Extract<PdfiumRequest, { op: 'render' }>, 'id'>,
  ): Promise<Extract<PdfiumReply, { ok: true }>> {
    const task = this.queue.then(() => this.runNow({ ...request, id: this.nextId++ } as PdfiumRequest));
    this.queue = task.catch(() => undefined);
    return task;
  }

  private async runNow(request: PdfiumRequest): Promise<Extract<PdfiumReply, { ok: true }>> {
    const worker = this.ensureWorker();
    // Held while it works (a CLI import may have nothing else to wait for), released when idle.
    worker.ref();
    let timer: NodeJS.Timeout | undefined;
    const reply = await new Promise<PdfiumReply>((resolve, reject) => {
      this.pending = { resolve, reject };
      timer = setTimeout(() => {
        reject(damaged(`no result within ${this.timeoutMs / 1000} s`));
        void this.discard(worker);
      }, this.timeoutMs);
      worker.postMessage(request);
    }).finally(() => {
      clearTimeout(timer);
      this.pending = undefined;
      worker.unref();
    });
    // After a failure PDFium may have given up half-way (an abort leaves its memory in an unknown
    // state): the next file gets a fresh thread. Loading one takes a fraction of a second.
    if (!reply.ok || reply.heapBytes > RECYCLE_HEAP_BYTES) void this.discard(worker);
    if (!reply.ok) {
      if (reply.damaged) throw damaged(reply.message);
      throw this.loaded.has(worker) ? new Error(reply.message) : new PdfiumUnavailableError(reply.message);
    }
    return reply;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const source = workerSource();
    const worker = new Worker(source.script, { eval: source.eval, resourceLimits: RESOURCE_LIMITS });
    worker.unref();
    // Events of a thread already given up (timed out, recycled) concern no file any more.
    worker.on('message', (message: PdfiumReply | PdfiumLoaded) => {
      if ('ready' in message) this.loaded.add(worker);
      else if (this.worker === worker) this.pending?.resolve(message);
    });
    // Once PDFium runs, a crash (ERR_WORKER_OUT_OF_MEMORY, an abort) is the file's doing; before,
    // the thread could not start at all, which is ours: a plain error, so the job is retried.
    const failure = (detail: string) =>
      this.loaded.has(worker)
        ? damaged(detail)
        : new PdfiumUnavailableError(`PDFium could not start: ${detail}`);
    worker.on('error', (err) => {
      if (this.worker !== worker) return;
      this.pending?.reject(failure(`the PDF thread failed: ${err.message}`));
      void this.discard(worker);
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.pending?.reject(failure('the PDF thread ended'));
    });
    this.worker = worker;
    return worker;
  }

  private async discard(worker: Worker): Promise<void> {
    if (this.worker === worker) this.worker = undefined;
    await worker.terminate().catch(() => undefined);
  }
}

/** The process's one PDFium thread: PDFs are probed and rendered one at a time anyway. */
export const pdfium = new PdfiumThread();
