import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { safeEqual } from '../security/tokens.js';

/** Signatures remembered at most (~200 bytes each): a page of 60 assets makes 180. */
const REMEMBERED = 20_000;

/**
 * The key that signs tickets, and the signatures it made lately. A category page signs 180 URLs,
 * and HMAC-SHA256 was the largest share of its CPU after SQLite; the same page asked again within
 * the ten minutes of one expiry step names the same (file, variant, expiry[, viewer]) and so gets
 * the same signatures, now from memory.
 *
 * Safe across instances: a signature is a pure function of the payload and of the key, which is
 * derived from the stored secret and never changes for the life of the process, so the memory holds
 * nothing another instance would compute differently. Only issuing uses it: verifying always
 * computes afresh, so URLs that clients make up neither fill it nor time it.
 */
export class TicketKey {
  private readonly key: KeyObject;
  private readonly signatures = new Map<string, string>();

  constructor(secret: Buffer) {
    // A KeyObject once: createHmac imports a Buffer key anew on every call.
    this.key = createSecretKey(secret);
  }

  /** HMAC-SHA256 of the payload, base64url, for a URL being issued. */
  sign(payload: string): string {
    let signature = this.signatures.get(payload);
    if (signature === undefined) {
      signature = this.hmac(payload);
      if (this.signatures.size >= REMEMBERED) this.signatures.delete(this.signatures.keys().next().value!);
      this.signatures.set(payload, signature);
    }
    return signature;
  }

  /** Whether a signature that came with a request is this payload's (constant-time comparison). */
  verify(payload: string, signature: string): boolean {
    return safeEqual(this.hmac(payload), signature);
  }

  private hmac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
