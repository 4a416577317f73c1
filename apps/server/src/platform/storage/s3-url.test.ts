import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { DEFAULT_CACHE_MAX_BYTES, parseStorageUrl, redacted } from './s3-url.js';

describe('parseStorageUrl', () => {
  it('reads bucket, endpoint, region and path style, as in the documented example', () => {
    const location = parseStorageUrl(
      's3://mediabox?endpoint=http://127.0.0.1:4569&region=eu-central-1&forcePathStyle=true',
      {},
    );
    expect(location).toMatchObject({
      bucket: 'mediabox',
      prefix: '',
      cacheMaxBytes: DEFAULT_CACHE_MAX_BYTES,
      client: { endpoint: 'http://127.0.0.1:4569', region: 'eu-central-1', forcePathStyle: true },
    });
    // No credentials in the URL: the SDK's default chain (AWS_ACCESS_KEY_ID, …) supplies them.
    expect(location.client.credentials).toBeUndefined();
  });

  it('takes credentials from the URL, a key prefix from its path, and a cache size', () => {
    const location = parseStorageUrl(
      's3://AKIA%2Fkey:se%2Fcret@media-box.eu/portal/a/?region=eu-west-1&cacheSize=500MB',
      {},
    );
    expect(location).toMatchObject({
      bucket: 'media-box.eu',
      prefix: 'portal/a/',
      cacheMaxBytes: 500 * 1024 * 1024,
      client: {
        region: 'eu-west-1',
        forcePathStyle: false,
        credentials: { accessKeyId: 'AKIA/key', secretAccessKey: 'se/cret' },
      },
    });
    expect(location.client.endpoint).toBeUndefined();
  });

  it('takes the region from AWS_REGION, and defaults it for a custom endpoint', () => {
    expect(parseStorageUrl('s3://mediabox', { AWS_REGION: 'eu-north-1' }).client.region).toBe('eu-north-1');
    const custom = parseStorageUrl('s3://mediabox?endpoint=https://minio.example:9000', {});
    expect(custom.client).toMatchObject({ region: 'us-east-1', forcePathStyle: true });
  });

  it.each([
    ['not a URL', 'is not a URL'],
    ['file:///data', 'must start with s3://'],
    ['s3://My_Bucket', 'is not a valid bucket name'],
    ['s3://mediabox', 'needs region'],
    ['s3://mediabox?regoin=eu-west-1', 'unknown parameter "regoin"'],
    ['s3://mediabox?endpoint=127.0.0.1:9000', 'endpoint must be an http:// or https:// URL'],
    ['s3://mediabox?region=x&forcePathStyle=yes', 'forcePathStyle must be true or false'],
    ['s3://mediabox?region=x&cacheSize=lots', 'cacheSize must be a size'],
    ['s3://key@mediabox?region=x', 'credentials in the URL need both parts'],
    ['s3://mediabox/a%20b?region=x', 'key prefix "a b"'],
  ])('refuses %s with a message naming STORAGE_URL', (url, problem) => {
    const error = (() => {
      try {
        parseStorageUrl(url, {});
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('STORAGE_URL');
    expect((error as Error).message).toContain(problem);
  });

  it('never repeats the secret in a message', () => {
    expect(() => parseStorageUrl('s3://key:very-secret@mediabox?region=x&bogus=1', {})).toThrow(
      /s3:\/\/key:\*\*\*@mediabox/,
    );
    expect(() => parseStorageUrl('s3://key:very-secret@mediabox?region=x&bogus=1', {})).not.toThrow(
      /very-secret/,
    );
    expect(redacted('s3://mediabox?region=x')).toBe('s3://mediabox?region=x');
  });
});
