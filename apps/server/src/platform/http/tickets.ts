import { ErrorCodes } from '@mediabox/contract';
import type { Clock } from '../clock.js';
import type { SecretStore } from '../security/secret-store.js';
import { AppError } from './app-error.js';
import { TicketKey } from './ticket-key.js';

/**
 * Tickets: short-lived signed file URLs, `/api/file/{fileId}/{variant}?exp=<unix s>&sig=<HMAC>`.
 * An `<img>` tag can load them without an Authorization header, and a copied URL stops working
 * within the hour. The signature covers file, variant and expiry, so none can be swapped.
 */
export const TICKET_VARIANTS = ['original', 'thumb', 'preview', 'zoom'] as const;
/** `page1` … `page50`: the pages of a multi-page PDF's page strip (issue 22.6). */
export type PageVariant = `page${number}`;
export type TicketVariant = (typeof TICKET_VARIANTS)[number] | PageVariant;
const PAGE_VARIANT = /^page([1-9]|[1-4]\d|50)$/;

export const TICKET_LIFETIME_MS = 60 * 60 * 1000;
/** Expiries are rounded up to this step: for ten minutes every answer carries the same, cacheable URL. */
export const TICKET_EXPIRY_STEP_MS = 10 * 60 * 1000;

const KEY_PURPOSE = 'file-ticket';
const EXP_PATTERN = /^\d{1,12}$/;
const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Signs URLs with one key and one expiry: presenting a page of assets costs one key lookup. */
export type TicketSigner = (fileId: number, variant: TicketVariant) => string;

export const isTicketVariant = (value: string): value is TicketVariant =>
  (TICKET_VARIANTS as readonly string[]).includes(value) || PAGE_VARIANT.test(value);

export function ticketExpiry(nowMs: number, lifetimeMs = TICKET_LIFETIME_MS): number {
  const expiresAtMs = Math.ceil((nowMs + lifetimeMs) / TICKET_EXPIRY_STEP_MS) * TICKET_EXPIRY_STEP_MS;
  return expiresAtMs / 1000;
}

const VIEWER_PATTERN = /^[1-9]\d{0,14}$/;

/** The viewer is signed too when present: nobody can move a download onto another account. */
function ticketPayload(fileId: number, variant: string, exp: string, viewer?: string): string {
  return viewer === undefined ? `${fileId}:${variant}:${exp}` : `${fileId}:${variant}:${exp}:${viewer}`;
}

/** What a genuine ticket says: when it expires and, for originals, who it was issued to. */
export interface VerifiedTicket {
  expiresAt: number;
  viewerId: number | null;
}

/** Signs the URL of an order file or of one of its renditions. */
export type UploadSigner = (filename: string, variant: TicketVariant) => string;

/**
 * A different payload prefix than catalogue tickets, so a signature never fits the other kind of URL.
 * The viewer is signed in: the URL is theirs, and serving re-checks their account and rights.
 */
function uploadPayload(filename: string, variant: string, exp: string, viewer: string): string {
  return `upload:${variant}:${filename}:${exp}:${viewer}`;
}

export class Tickets {
  private ticketKey: TicketKey | undefined;

  constructor(
    private readonly secrets: SecretStore,
    private readonly clock: Clock,
  ) {}

  /** Derived from the stored secret, which never changes: made once (ticket-key.ts). */
  private async key(): Promise<TicketKey> {
    this.ticketKey ??= new TicketKey(await this.secrets.keyFor(KEY_PURPOSE));
    return this.ticketKey;
  }

  /**
   * With `viewerId`, original tickets carry the viewer (`&u=`), so that a single-file download is
   * tracked as that user's (spec 6: Internal or External); thumbnails and previews stay the same
   * for everyone, so browsers and proxies share them.
   */
  async signer(options: { lifetimeMs?: number; viewerId?: number } = {}): Promise<TicketSigner> {
    const key = await this.key();
    const exp = String(ticketExpiry(this.clock.now(), options.lifetimeMs ?? TICKET_LIFETIME_MS));
    const viewer = options.viewerId === undefined ? undefined : String(options.viewerId);
    return (fileId, variant) => {
      if (variant === 'original' && viewer !== undefined) {
        return `/api/file/${fileId}/${variant}?exp=${exp}&u=${viewer}&sig=${key.sign(ticketPayload(fileId, variant, exp, viewer))}`;
      }
      return `/api/file/${fileId}/${variant}?exp=${exp}&sig=${key.sign(ticketPayload(fileId, variant, exp))}`;
    };
  }

  async url(fileId: number, variant: TicketVariant, lifetimeMs = TICKET_LIFETIME_MS): Promise<string> {
    return (await this.signer({ lifetimeMs }))(fileId, variant);
  }

  /**
   * A bundle's download link signed for a viewer (`?u=&exp=&sig=`): the link works without it
   * (the file name is the key); the signature only lets the download count as that user's.
   */
  async bundleLink(filename: string, viewerId: number, lifetimeMs = TICKET_LIFETIME_MS): Promise<string> {
    const key = await this.key();
    const exp = String(ticketExpiry(this.clock.now(), lifetimeMs));
    const u = String(viewerId);
    const sig = key.sign(`bundle:${filename}:${exp}:${u}`);
    return `/api/download/${filename}?u=${u}&exp=${exp}&sig=${sig}`;
  }

  /** The viewer of a signed bundle link; 403 when forged, 410 when expired. */
  async verifyBundleLink(input: {
    filename: string;
    u: unknown;
    exp: unknown;
    sig: unknown;
  }): Promise<number> {
    const { filename, u, exp, sig } = input;
    if (
      typeof u !== 'string' ||
      typeof exp !== 'string' ||
      typeof sig !== 'string' ||
      !VIEWER_PATTERN.test(u) ||
      !EXP_PATTERN.test(exp) ||
      !SIG_PATTERN.test(sig)
    ) {
      throw ticketInvalid();
    }
    const key = await this.key();
    if (!key.verify(`bundle:${filename}:${exp}:${u}`, sig)) throw ticketInvalid();
    if (this.clock.now() >= Number(exp) * 1000) {
      throw new AppError(ErrorCodes.ticketExpired, 'This link has expired; reload the page');
    }
    return Number(u);
  }

  /**
   * Signs order upload URLs (`/api/uploads[/thumb|/preview]/{filename}?u=&exp=&sig=`) for one viewer
   * with one key and one expiry: an order page shows many files, and `<img>` tags cannot send the
   * bearer token. The viewer (`u`) lets serving end the URL with their account or rights (issue 17.4).
   */
  async uploadSigner(viewerId: number, lifetimeMs = TICKET_LIFETIME_MS): Promise<UploadSigner> {
    const key = await this.key();
    const exp = String(ticketExpiry(this.clock.now(), lifetimeMs));
    const u = String(viewerId);
    return (filename, variant) => {
      const prefix = variant === 'original' ? '/api/uploads' : `/api/uploads/${variant}`;
      const sig = key.sign(uploadPayload(filename, variant, exp, u));
      return `${prefix}/${encodeURIComponent(filename)}?u=${u}&exp=${exp}&sig=${sig}`;
    };
  }

  /**
   * The viewer an upload URL was signed for: 403 when forged, for another file, variant or viewer,
   * or without a viewer (URLs from before viewers were signed in); 410 when expired.
   */
  async verifyUpload(input: {
    filename: string;
    variant: TicketVariant;
    u: unknown;
    exp: unknown;
    sig: unknown;
  }): Promise<number> {
    const { filename, variant, u, exp, sig } = input;
    if (
      typeof u !== 'string' ||
      typeof exp !== 'string' ||
      typeof sig !== 'string' ||
      !VIEWER_PATTERN.test(u) ||
      !EXP_PATTERN.test(exp) ||
      !SIG_PATTERN.test(sig)
    ) {
      throw ticketInvalid();
    }
    const key = await this.key();
    if (!key.verify(uploadPayload(filename, variant, exp, u), sig)) throw ticketInvalid();
    if (this.clock.now() >= Number(exp) * 1000) {
      throw new AppError(ErrorCodes.ticketExpired, 'This link has expired; reload the page');
    }
    return Number(u);
  }

  /**
   * Checks a ticket and answers when it expires (epoch ms). A wrong or tampered signature is 403;
   * only a genuine ticket past its expiry is 410, so the app can tell "reload the page" from "no".
   */
  async verify(input: {
    fileId: number;
    variant: string;
    exp: unknown;
    sig: unknown;
    u?: unknown;
  }): Promise<VerifiedTicket> {
    const { fileId, variant, exp, sig, u } = input;
    if (
      typeof exp !== 'string' ||
      typeof sig !== 'string' ||
      !EXP_PATTERN.test(exp) ||
      !SIG_PATTERN.test(sig) ||
      (u !== undefined && (typeof u !== 'string' || !VIEWER_PATTERN.test(u)))
    ) {
      throw ticketInvalid();
    }
    const key = await this.key();
    if (!key.verify(ticketPayload(fileId, variant, exp, u), sig)) throw ticketInvalid();
    const expiresAt = Number(exp) * 1000;
    if (this.clock.now() >= expiresAt) {
      throw new AppError(ErrorCodes.ticketExpired, 'This link has expired; reload the page');
    }
    return { expiresAt, viewerId: u === undefined ? null : Number(u) };
  }
}

const ticketInvalid = () => new AppError(ErrorCodes.ticketInvalid, 'This link is not valid');
