/**
 * What an order upload is, decided from its first bytes: the contract's rules (packages/contract
 * file-signatures.ts), so the order form refuses the same files as soon as they are chosen.
 */
export { detectOrderFileType, ORDER_SNIFF_BYTES, type OrderFileType } from '@mediabox/contract';
