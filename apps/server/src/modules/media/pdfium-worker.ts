/**
 * The worker thread behind `pdfium.ts`: PDFium compiled to WebAssembly (the npm package ships the
 * .wasm, nothing is downloaded), loaded once and kept warm between files. It reads a PDF and
 * answers page count and page-1 size, or page 1 as RGBA pixels. It imports nothing of ours, so it
 * runs the same from the sources (through tsx), the build and the test bundle.
 *
 * Everything PDFium allocates lives in the WebAssembly memory of this thread; the parent terminates
 * the thread when a file takes too long or that memory has grown large, which frees all of it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';

export type PdfiumRequest =
  | { id: number; op: 'info'; path: string }
  /** `page`: 0-based, 0 when absent; a multi-page PDF's page strip asks for the others (issue 22.6). */
  | { id: number; op: 'render'; path: string; dpi: number; maxEdgePx: number; page?: number };

export type PdfiumReply = { id: number; heapBytes: number } & (
  | { ok: true; pageCount: number; widthPt: number; heightPt: number }
  | { ok: true; pageCount: number; widthPt: number; heightPt: number; pixels: RenderedPixels }
  | { ok: false; damaged: boolean; message: string }
);

/** Sent once, when PDFium has loaded. */
export interface PdfiumLoaded {
  ready: true;
}

export interface RenderedPixels {
  /** RGBA, 8 bits per channel, rows without padding. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** FPDF_GetLastError codes, for the log. */
const LOAD_ERRORS: Record<number, string> = {
  1: 'unknown error',
  2: 'file not found or unreadable',
  3: 'not a PDF or corrupted',
  4: 'password required',
  5: 'unsupported security scheme',
  6: 'page not found or content error',
};
const FPDFBITMAP_BGRA = 4;
const FPDF_ANNOT = 0x01;
/** Pixels in R, G, B, A order (PDFium's bitmaps are BGRA otherwise). */
const FPDF_REVERSE_BYTE_ORDER = 0x10;

class DamagedPdfError extends Error {}

/**
 * The WebAssembly memory as bytes. Emscripten replaces the view whenever the memory grows, so it
 * is fetched anew each time; the package exports it without declaring it in its types.
 */
const heap = (pdfium: WrappedPdfiumModule): Uint8Array =>
  (pdfium.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;

interface Pdfium {
  module: WrappedPdfiumModule;
  /** Pointer to an FPDF_FILEACCESS whose callback reads from `file` (below). */
  fileAccess: number;
}

/** The file PDFium is reading now: it asks for blocks while it opens, reads and renders. */
let file: { fd: number; size: number } | undefined;

async function loadPdfium(): Promise<Pdfium> {
  const wasmPath = createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm');
  const module = await init({
    wasmBinary: fs.readFileSync(wasmPath).buffer as ArrayBuffer,
    // PDFium's warnings about broken files would otherwise go to our stdout.
    print: () => undefined,
    printErr: () => undefined,
  });
  module.PDFiumExt_Init();
  // PDFium reads the file in blocks through this callback, so a 1 GB print PDF is never copied
  // whole into memory: int GetBlock(void* param, unsigned long position, unsigned char* buf, unsigned long size).
  const runtime = module.pdfium as unknown as {
    addFunction(fn: (...args: number[]) => number, signature: string): number;
  };
  const getBlock = runtime.addFunction((_param: number, position: number, buffer: number, size: number) => {
    if (!file) return 0;
    const start = position >>> 0;
    const length = size >>> 0;
    if (start + length > file.size) return 0;
    return fs.readSync(file.fd, heap(module), buffer, length, start) === length ? 1 : 0;
  }, 'iiiii');
  // struct FPDF_FILEACCESS { unsigned long m_FileLen; GetBlock* m_GetBlock; void* m_Param; } (wasm32: 3 × 4 bytes).
  const fileAccess = module.pdfium.wasmExports.malloc(12);
  module.pdfium.setValue(fileAccess + 4, getBlock, 'i32');
  module.pdfium.setValue(fileAccess + 8, 0, 'i32');
  return { module, fileAccess };
}

function handle({ module: pdfium, fileAccess }: Pdfium, request: PdfiumRequest): PdfiumReply {
  const heapBytes = () => heap(pdfium).length;
  const fd = fs.openSync(request.path, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    // Uploads stop at 2 GiB; FPDF_FILEACCESS counts in 32 bits.
    if (size >= 2 ** 32) throw new DamagedPdfError('larger than PDFium can read');
    file = { fd, size };
    pdfium.pdfium.setValue(fileAccess, size, 'i32');
    const document = pdfium.FPDF_LoadCustomDocument(fileAccess, '');
    if (!document) {
      const code = pdfium.FPDF_GetLastError();
      throw new DamagedPdfError(`PDFium cannot open it: ${LOAD_ERRORS[code] ?? `error ${code}`}`);
    }
    try {
      const pageCount = pdfium.FPDF_GetPageCount(document);
      if (pageCount < 1) throw new DamagedPdfError('no pages');
      const index = request.op === 'render' ? (request.page ?? 0) : 0;
      if (!Number.isInteger(index) || index < 0 || index >= pageCount) {
        throw new DamagedPdfError(`there is no page ${index + 1}`);
      }
      const page = pdfium.FPDF_LoadPage(document, index);
      if (!page) throw new DamagedPdfError(`page ${index + 1} cannot be read`);
      try {
        // PDFium reports the size as displayed: /Rotate 90 or 270 already swaps width and height.
        const widthPt = pdfium.FPDF_GetPageWidthF(page);
        const heightPt = pdfium.FPDF_GetPageHeightF(page);
        if (!(widthPt > 0 && heightPt > 0 && Number.isFinite(widthPt + heightPt))) {
          throw new DamagedPdfError(`page ${index + 1} has no usable size`);
        }
        const size = { pageCount, widthPt, heightPt };
        if (request.op === 'info') return { id: request.id, heapBytes: heapBytes(), ok: true, ...size };
        const pixels = renderPage(pdfium, page, size, request);
        return { id: request.id, heapBytes: heapBytes(), ok: true, ...size, pixels };
      } finally {
        pdfium.FPDF_ClosePage(page);
      }
    } finally {
      pdfium.FPDF_CloseDocument(document);
    }
  } finally {
    file = undefined;
    fs.closeSync(fd);
  }
}

function renderPage(
  pdfium: WrappedPdfiumModule,
  page: number,
  size: { widthPt: number; heightPt: number },
  request: Extract<PdfiumRequest, { op: 'render' }>,
): RenderedPixels {
  // 150 dpi unless the page would exceed the edge cap: a poster must not become a gigapixel bitmap.
  const scale = Math.min(request.dpi / 72, request.maxEdgePx / Math.max(size.widthPt, size.heightPt));
  const width = Math.max(1, Math.round(size.widthPt * scale));
  const height = Math.max(1, Math.round(size.heightPt * scale));
  const bitmap = pdfium.FPDFBitmap_CreateEx(width, height, FPDFBITMAP_BGRA, 0, 0);
  if (!bitmap) throw new Error(`out of WebAssembly memory for a ${width}×${height} bitmap`);
  try {
    // White paper: PDF pages are transparent where nothing is drawn.
    pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    pdfium.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER);
    const stride = pdfium.FPDFBitmap_GetStride(bitmap);
    const buffer = pdfium.FPDFBitmap_GetBuffer(bitmap);
    const data = new Uint8Array(width * height * 4);
    for (let row = 0; row < height; row += 1) {
      const start = buffer + row * stride;
      data.set(heap(pdfium).subarray(start, start + width * 4), row * width * 4);
    }
    return { data, width, height };
  } finally {
    pdfium.FPDFBitmap_Destroy(bitmap);
  }
}

const port = parentPort;
if (port) {
  const ready = loadPdfium();
  // Tells the parent that PDFium runs here: a thread failing after this failed on a file.
  void ready.then(
    () => port.postMessage({ ready: true } satisfies PdfiumLoaded),
    () => undefined,
  );
  port.on('message', (request: PdfiumRequest) => {
    void ready.then(
      (pdfium) => {
        let reply: PdfiumReply;
        try {
          reply = handle(pdfium, request);
        } catch (err) {
          reply = {
            id: request.id,
            heapBytes: heap(pdfium.module).length,
            ok: false,
            // A PDFium abort (out of memory, a failed assertion) is the file's fault as well.
            damaged: err instanceof DamagedPdfError || !(err instanceof Error && 'code' in err),
            message: err instanceof Error ? err.message : String(err),
          };
        }
        const transfer = 'pixels' in reply && reply.ok ? [reply.pixels.data.buffer as ArrayBuffer] : [];
        port.postMessage(reply, transfer);
      },
      (err: unknown) => {
        const message = `PDFium did not load: ${err instanceof Error ? err.message : String(err)}`;
        port.postMessage({
          id: request.id,
          heapBytes: 0,
          ok: false,
          damaged: false,
          message,
        } satisfies PdfiumReply);
      },
    );
  });
}
