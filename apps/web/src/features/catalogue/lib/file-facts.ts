import { FILE_FORMAT_LABELS, type ColourSpace, type FileProperties } from '@mediabox/contract';
import { colorspaceLabel } from './colorspace';
import { formatName, formatPixels } from './format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

function colourSpaceLabel(props: FileProperties, translate: Translate): string | undefined {
  const space: ColourSpace | null | undefined = props.colourSpace;
  if (space === 'srgb') return 'sRGB';
  if (space === 'cmyk') return translate('asset.facts.cmyk');
  if (space === 'grey') return translate('asset.colorspaces.grayscale');
  if (space === 'lab') return 'Lab';
  // 'other', or a server that does not group colour spaces yet: libvips' name, made readable.
  return props.colorspace ? colorspaceLabel(props.colorspace, translate) : undefined;
}

/**
 * What a file really is, read from its content by the server (issue 21.6): format, colour space
 * (with its bit depth above 8), dpi of a picture, transparency, and optionally the pixel size:
 * "TIFF · CMYK · 300 dpi · 4000 × 3000 px", "PNG · sRGB · transparent".
 */
export function fileFacts(
  props: FileProperties,
  translate: Translate,
  options: { pixels: boolean } = { pixels: true },
): string {
  const picture = props.format ? props.format !== 'eps' && props.format !== 'pdf' : props.dpiX !== null;
  const space = colourSpaceLabel(props, translate);
  const depth =
    space && props.bitDepth && props.bitDepth > 8
      ? translate('asset.facts.bitDepth', { bits: props.bitDepth })
      : '';
  const parts = [
    props.format ? FILE_FORMAT_LABELS[props.format] : formatName(props.mimeType, props.fileName),
    space ? `${space}${depth ? ` ${depth}` : ''}` : undefined,
    picture && props.dpiX ? `${Math.round(props.dpiX)} dpi` : undefined,
    props.transparent ? translate('asset.facts.transparent') : undefined,
    options.pixels && props.width && props.height ? formatPixels(props.width, props.height) : undefined,
  ];
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}
