import type { S3ClientConfig } from '@aws-sdk/client-s3';
import { ConfigError } from '../config.js';

/** What STORAGE_URL=s3://… describes: where blobs go, how to reach it, and the local file cache. */
export interface S3Location {
  bucket: string;
  /** Key prefix inside the bucket ('' or ending in '/'), so one bucket can hold several portals. */
  prefix: string;
  client: S3ClientConfig;
  /** Total size the local file cache (for tools that need a path) is trimmed back to. */
  cacheMaxBytes: number;
}

export const DEFAULT_CACHE_MAX_BYTES = 2 * 1024 ** 3;

const PARAMETERS = new Set(['endpoint', 'region', 'forcePathStyle', 'cacheSize']);
// S3's rules for new buckets: 3–63 characters, lowercase letters, digits, dots and hyphens.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
// Key segments are kept to characters that need no escaping in CopyObject's x-amz-copy-source.
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const SIZE = /^(\d+)\s*(B|KB|MB|GB|TB)?$/i;
const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/**
 * Parses `s3://[key:secret@]bucket[/prefix]?endpoint=…&region=…&forcePathStyle=…&cacheSize=2GB`.
 * Without key:secret the AWS SDK's default chain supplies credentials (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, or an instance/task role). Throws a ConfigError naming the
 * problem; the secret never appears in a message.
 */
export function parseStorageUrl(value: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('is not a URL');
  }
  if (url.protocol !== 's3:') throw invalid('must start with s3://');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) {
    throw invalid(`"${bucket}" is not a valid bucket name (3–63 lowercase letters, digits, dots, hyphens)`);
  }
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (path && !PREFIX.test(path)) {
    throw invalid(`the key prefix "${path}" may only contain letters, digits, ".", "_", "-" and "/"`);
  }
  for (const name of url.searchParams.keys()) {
    if (!PARAMETERS.has(name)) {
      throw invalid(`unknown parameter "${name}" (known: ${[...PARAMETERS].join(', ')})`);
    }
  }
  const params = url.searchParams;

  const endpoint = params.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw invalid(`endpoint must be an http:// or https:// URL, not "${endpoint}"`);
  }
  // Most S3-compatible servers ignore the region but the signature needs one; AWS itself needs the right one.
  const region =
    params.get('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? (endpoint ? 'us-east-1' : undefined);
  if (!region) throw invalid('needs region=… (or AWS_REGION) when no endpoint is given');
  // Self-hosted servers (MinIO, Ceph, s3rver) usually sit on a host name that cannot carry the
  // bucket as a subdomain, so an explicit endpoint defaults to path-style requests.
  const forcePathStyle = flag(params.get('forcePathStyle'), endpoint !== undefined);

  const credentials =
    url.username || url.password
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined;
  if (credentials && (!credentials.accessKeyId || !credentials.secretAccessKey)) {
    throw invalid('credentials in the URL need both parts: s3://KEY:SECRET@bucket');
  }

  return {
    bucket,
    prefix: path ? `${path}/` : '',
    cacheMaxBytes: size(params.get('cacheSize')),
    client: {
      region,
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle,
      ...(credentials ? { credentials } : {}),
      // Checksums only where S3 demands them: since 2025 the SDK adds CRC32 trailers to every
      // upload by default, which many S3-compatible servers reject. Integrity is ours anyway: the
      // sha256 of what was sent names the object, and the local cache re-hashes what it downloads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: 10_000,
        // A download holds its socket while the client reads; the SDK's default of 50 per process
        // would make the 51st concurrent download wait for one of the others to finish.
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
    },
  };

  function flag(text: string | null, fallback: boolean): boolean {
    if (text === null) return fallback;
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw invalid(`forcePathStyle must be true or false, not "${text}"`);
  }

  function size(text: string | null): number {
    if (text === null) return DEFAULT_CACHE_MAX_BYTES;
    const match = SIZE.exec(text.trim());
    if (!match) throw invalid(`cacheSize must be a size such as 2GB or 500MB, not "${text}"`);
    return Number(match[1]) * UNITS[(match[2] ?? 'B').toUpperCase()]!;
  }

  function invalid(problem: string): ConfigError {
    return new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${problem} (${redacted(value)})`);
  }
}

/** The URL without its secret, for messages and logs. */
export function redacted(value: string): string {
  return value.replace(/^(s3:\/\/[^:/@]*):[^@/]*@/, '$1:***@');
}
