/**
 * Why a conversion could not be made, for reasons other than the source itself (a refused source
 * is a MediaRejectedError, with the contract's refusal code, as everywhere in the media module).
 * - invalidSpec: the preset asks for something impossible (CMYK PNG, 0 px); the preset schema should have refused it.
 * - maxBytesUnreachable: even the lowest quality tried is larger than the preset's byte limit.
 * - ghostscriptMissing: an EPS needs Ghostscript, which this installation lacks.
 */
export type ConversionFailure = 'invalidSpec' | 'maxBytesUnreachable' | 'ghostscriptMissing';

export class ConversionError extends Error {
  constructor(
    readonly reason: ConversionFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}
