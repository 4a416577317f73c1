import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { signupForm } from '../test/users.js';

/**
 * Issue 16: on a first start the demo catalogue renders and imports for about a minute. The mails
 * of that minute (a sign-up's confirmation, the first super user's password reset) go out at once,
 * not after the demo.
 */
const MAIL_WITHIN_MS = 5000;

describe('mails on a first start while the demo catalogue loads', () => {
  let server: ServerProcess;
  const adminEmail = 'first-admin@nordstern-kaffee.example';

  beforeAll(async () => {
    server = await startServerProcess({
      DEMO: 'true',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: 'first-admin-password-1',
    });
  }, 120_000);
  afterAll(() => server?.stop());

  const post = (url: string, method: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('sends the sign-up confirmation and the super user reset within seconds, the demo still loading', async () => {
    const form = signupForm();
    const signup = await post('/api/user/', 'PUT', form);
    expect(signup.status, await signup.text()).toBe(200);
    const reset = await post('/api/user/forgot_password/', 'POST', { username: adminEmail });
    expect(reset.status, await reset.text()).toBeLessThan(300);

    const outbox = path.join(server.dataDir, 'outbox');
    const started = Date.now();
    let mails: string[] = [];
    while (Date.now() - started < MAIL_WITHIN_MS) {
      const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
      mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')));
      if (mails.length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const recipients = mails.map((mail) => /^To: (.*)$/m.exec(mail)?.[1] ?? '').join('\n');
    expect(recipients, server.output()).toContain(form.email.toLowerCase());
    expect(recipients).toContain(adminEmail);
    // The demo had started and was not finished: the mails did not wait for it.
    expect(server.output()).toContain('loading the demo catalogue');
    expect(server.output()).not.toContain('demo catalogue: imported');
  }, 30_000);
});
