import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../test/test-app.js';
import { signUp } from '../test/users.js';
import { redactUrl } from './log-redaction.js';
import { createLogger } from './logger.js';

describe('redactUrl', () => {
  it.each([
    ['/api/user/confirm/AbC-123_x', '/api/user/confirm/[redacted]'],
    ['/api/user/reset_password/AbC123?lang=de', '/api/user/reset_password/[redacted]?lang=de'],
    ['/reset_password/AbC123', '/reset_password/[redacted]'],
    ['/confirm/AbC123#top', '/confirm/[redacted]#top'],
    ['/download/q7Zk2.zip', '/download/[redacted]'],
    ['/api/download/q7Zk2.zip/link', '/api/download/[redacted]/link'],
    ['/api/file/12/original?exp=1&sig=abcdef&u=7', '/api/file/12/original?exp=1&sig=[redacted]&u=7'],
    ['/api/uploads/x.jpg?SIG=abc', '/api/uploads/x.jpg?SIG=[redacted]'],
    ['/api/file/1/thumb?%73ig=abc', '/api/file/1/thumb?%73ig=[redacted]'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('leaves addresses without keys as they are', () => {
    for (const url of [
      '/api/assets/10?offset=60',
      '/search/kaffee',
      '/api/user/',
      '/api/file/1/thumb?exp=5',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('request log lines', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        lines.push(chunk.toString());
        callback();
      },
    });
    t = await createTestApp('sqlite', {}, { log: createLogger('info', sink) });
  });
  afterAll(() => t.close());

  it('never carry a confirmation key or a ticket signature', async () => {
    const { confirm } = await signUp(t);
    await call(t.app, 'GET', `/api/user/confirm/${confirm.token}`);
    await call(t.app, 'GET', '/api/file/1/original?exp=99999999999&sig=secretsignature0123');
    const logged = lines.join('');
    expect(logged).toContain('/api/user/confirm/[redacted]');
    expect(logged).toContain('sig=[redacted]');
    expect(logged).not.toContain(confirm.token);
    expect(logged).not.toContain('secretsignature0123');
  });
});
