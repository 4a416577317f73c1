/**
 * Which kind of file the first bytes say this is: the contract's rules (packages/contract
 * file-signatures.ts), which the order form applies to chosen files as well.
 */
export { detectFormat, SNIFF_BYTES, type MediaFormat } from '@mediabox/contract';

/** DOS EPS binary header (Adobe TN 5002): C5 D0 D3 C6, then offset and length of the PostScript. */
export const DOS_EPS_MAGIC = Buffer.from([0xc5, 0xd0, 0xd3, 0xc6]);
