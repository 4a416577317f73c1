import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTool } from './external-tool.js';

/** Ghostscript's default resolution for previews: an A4 page becomes 1240×1754, enough for a 1600 preview. */
const RENDER_DPI = 150;
/** A page larger than this at 150 dpi is rendered at a lower resolution: a 200-inch poster must not become a 900 MP bitmap. */
const MAX_RENDER_EDGE = 4000;

/**
 * Renders an EPS cropped to its bounding box (or page 1 of a PostScript/PDF file when `eps` is
 * false; PDFs are rendered by PDFium now, see pdfium.ts) to a PNG and hands its path to `use`; the
 * temp folder is removed afterwards whatever happens. Only called when Ghostscript is installed.
 *
 * -dSAFER stops the PostScript from reading or writing files or running programs (the default since
 * gs 9.50, stated anyway); execFile has no shell, so a file name is never parsed as a command, and
 * the timeout kills a file that loops forever.
 */
export async function withRenderedPage<T>(
  filePath: string,
  options: { eps: boolean; longestEdgePt: number },
  use: (pngPath: string) => Promise<T>,
): Promise<T> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'mediabox-gs-'));
  try {
    const output = path.join(dir, 'page.png');
    const dpi = Math.max(1, Math.min(RENDER_DPI, Math.floor((MAX_RENDER_EDGE * 72) / options.longestEdgePt)));
    await runTool('gs', [
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dQUIET',
      '-sDEVICE=png16m',
      `-r${dpi}`,
      // Anti-aliased text and line art: previews are looked at, not printed.
      '-dTextAlphaBits=4',
      '-dGraphicsAlphaBits=4',
      ...(options.eps ? ['-dEPSCrop'] : []),
      '-dFirstPage=1',
      '-dLastPage=1',
      `-sOutputFile=${output}`,
      // -f: what follows is the input file, even if its name looked like an option.
      '-f',
      path.resolve(filePath),
    ]);
    return await use(output);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
