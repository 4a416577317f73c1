import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { seedNodes } from '../modules/catalogue/testing/catalogue-seed.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signInAs } from '../test/users.js';

/**
 * Issue 17.5: a body trickled byte by byte must not hold a connection for ever. Forms get a deadline
 * for the whole body, uploads must keep moving. The limits are shortened here; the rule is the same.
 */
const LIMITS = { bodyDeadlineMs: 600, uploadMinBytes: 1024, uploadWindowMs: 600 };

describe('slow clients', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    adminToken = (await signInAs(t, 'super')).token;
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    app = await buildApp(t.context, { slowClientLimits: LIMITS });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  /**
   * Sends the head, then one body byte every `everyMs` (never all of it); answers what the server
   * wrote back and when the connection was closed, counted from the first byte.
   */
  function trickle(head: string, everyMs: number): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const started = Date.now();
      let answer = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write(head);
        timer = setInterval(() => socket.write('x'), everyMs);
      });
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      setTimeout(() => reject(new Error(`still open after 10 s; got: ${answer}`)), 10_000).unref();
    });
  }

  it('answers a form body that does not arrive in time with 408 and closes the connection', async () => {
    const { answer, closedAfterMs } = await trickle(
      'POST /api/user/login HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      100,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('errors.requestTimeout');
    expect(closedAfterMs).toBeLessThan(LIMITS.bodyDeadlineMs + 2000);
  });

  it('cuts an upload that stops moving, and leaves nothing staged', async () => {
    const { answer } = await trickle(
      'POST /api/admin/catalogue/nodes/10/assets HTTP/1.1\r\nHost: portal.test\r\n' +
        `Authorization: Bearer ${adminToken}\r\n` +
        'Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 100000000\r\n\r\n' +
        '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\n\r\n',
      100,
    );
    expect(answer, answer).toMatch(/^HTTP\/1\.1 408/);
    const assets = await t.context.database.db.selectFrom('assets').select('id').execute();
    expect(assets).toEqual([]);
    const staged = () => fs.readdir(path.join(t.dataDir, 'upload-staging')).catch(() => [] as string[]);
    await vi.waitFor(async () => expect(await staged()).toEqual([]));
  });

  it('lets a form body that arrives in time through', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody@partner.example', password: 'Wrong-password-1' }),
    });
    expect(response.status).toBe(401);
  });
});
