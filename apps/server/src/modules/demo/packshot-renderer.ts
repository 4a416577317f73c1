import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { advertDrawing } from './advert-art.js';
import type { Artwork, DemoFile } from './demo-catalogue.js';
import { drawingToPdf } from './drawing-to-pdf.js';
import { logoDrawing, sealDrawing } from './logo-art.js';
import { PACKSHOT_SIZE, packshotSvg } from './packshot-svg.js';
import { drawingToEps, drawingToSvgElements, type Drawing } from './vector-drawing.js';

/**
 * Turns the artwork of demo files into real files: JPEG (1100), CMYK TIFF (1200), PNG cut-out with
 * transparency (1300) from one rasterised SVG; EPS (1400) and PDF (1500) written by hand from the
 * same vector drawing (no Ghostscript: the demo must load on a machine with only Node). Every
 * output is byte-for-byte reproducible.
 */
const JPEG_QUALITY = 82;
const PRINT_DPI = 300;

function vectorDrawing(artwork: Artwork): Drawing {
  switch (artwork.kind) {
    case 'logo':
      return logoDrawing(artwork.brand, artwork.style);
    case 'seal':
      return sealDrawing(artwork.seal, artwork.style);
    case 'advert':
      return advertDrawing(artwork.advert);
    case 'packshot':
      throw new Error('a packshot is no vector drawing');
  }
}

/** A vector drawing centred on the square canvas; pages (adverts) lie on light grey with a shadow. */
function vectorPreviewSvg(artwork: Artwork): string {
  const drawing = vectorDrawing(artwork);
  const isPage = artwork.kind === 'advert';
  const margin = isPage ? 90 : 160;
  const scale = Math.min(
    (PACKSHOT_SIZE - margin * 2) / drawing.width,
    (PACKSHOT_SIZE - margin * 2) / drawing.height,
  );
  const x = (PACKSHOT_SIZE - drawing.width * scale) / 2;
  const y = (PACKSHOT_SIZE - drawing.height * scale) / 2;
  const background = isPage ? '#e9e6e1' : '#ffffff';
  const pageShadow = isPage
    ? `<rect x="${x + 14}" y="${y + 18}" width="${drawing.width * scale}" height="${drawing.height * scale}" fill="#000" opacity="0.18"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PACKSHOT_SIZE}" height="${PACKSHOT_SIZE}"><rect width="100%" height="100%" fill="${background}"/>${pageShadow}<g transform="translate(${x} ${y}) scale(${scale})">${drawingToSvgElements(drawing)}</g></svg>`;
}

function rasterSvg(artwork: Artwork, transparent: boolean): string {
  if (artwork.kind === 'packshot') {
    return packshotSvg({
      product: artwork.product,
      view: artwork.view,
      version: artwork.version,
      variant: artwork.variant,
      transparent,
    });
  }
  return vectorPreviewSvg(artwork);
}

/** Writes all files of one artwork (same picture in several formats); the SVG is rasterised once. */
export async function renderArtworkFiles(files: DemoFile[], targetDir: string): Promise<void> {
  const artwork = files[0]!.artwork;
  const rasterTypes = files.filter(
    (file) => file.mediaType === 1100 || file.mediaType === 1200 || file.mediaType === 1300,
  );
  if (rasterTypes.length > 0) {
    const needsAlpha = rasterTypes.some((file) => file.mediaType === 1300);
    const svg = rasterSvg(artwork, needsAlpha);
    const { data, info } = await sharp(Buffer.from(svg))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    for (const file of rasterTypes) {
      const target = await prepare(targetDir, file);
      if (file.mediaType === 1100) {
        await sharp(data, raw)
          .flatten({ background: '#ffffff' })
          .withIccProfile('srgb')
          .jpeg({ quality: JPEG_QUALITY })
          .toFile(target);
      } else if (file.mediaType === 1200) {
        await sharp(data, raw)
          .flatten({ background: '#ffffff' })
          .toColourspace('cmyk')
          .tiff({
            compression: 'lzw',
            predictor: 'horizontal',
            xres: PRINT_DPI / 25.4,
            yres: PRINT_DPI / 25.4,
            resolutionUnit: 'inch',
          })
          .toFile(target);
      } else {
        await sharp(data, raw).png().toFile(target);
      }
    }
  }
  for (const file of files) {
    if (file.mediaType === 1400) {
      await fs.writeFile(
        await prepare(targetDir, file),
        drawingToEps(vectorDrawing(artwork), path.basename(file.path)),
        'latin1',
      );
    } else if (file.mediaType === 1500) {
      await fs.writeFile(
        await prepare(targetDir, file),
        drawingToPdf(vectorDrawing(artwork), path.basename(file.path, '.pdf')),
      );
    }
  }
}

async function prepare(targetDir: string, file: DemoFile): Promise<string> {
  const target = path.join(targetDir, file.path);
  await fs.mkdir(path.dirname(target), { recursive: true });
  return target;
}
