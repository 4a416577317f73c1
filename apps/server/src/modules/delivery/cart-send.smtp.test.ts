import { afterAll, beforeAll, expect, it } from 'vitest';
import { imageAsset, seedAsset, seedNodes } from '../catalogue/testing/catalogue-seed.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.js';
import { signInAs } from '../../test/users.js';

/** The sent cart travels through a real SMTP server, and its link downloads as a guest. */
describeEachDatabase('cart send over SMTP', (dialect) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(dialect, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the link mail in French; the link downloads the zip without login', async () => {
    const sender = await signInAs(t, 'registered');
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 12, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
    const asset = await seedAsset(t, imageAsset(12, 1, 'Crème', { fr: 'Crème française' }));
    await call(t.app, 'PUT', '/api/cart/', { token: sender.token, body: { assetId: asset.id } });
    const sent = await call(t.app, 'POST', '/api/cart/send', {
      token: sender.token,
      body: {
        form: { email: 'presse@example.org', text: `SMTP ${dialect}`, copyCheckbox: false },
        lang: 'fr',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await t.runJobs()).toBe(1);

    const mine = smtp.received.filter((item) => item.mail.text?.includes(`SMTP ${dialect}`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.envelopeTo).toEqual(['presse@example.org']);
    expect(mine[0]!.mail.subject).toContain('vous a envoyé des fichiers');
    expect(mine[0]!.mail.text).toContain('Crème française');
    const link = /http:\/\/portal\.test(\/download\/[A-Za-z0-9_-]{22}\.zip)/.exec(mine[0]!.mail.text ?? '');
    expect(link).not.toBeNull();
    const zip = await call(t.app, 'GET', `/api${link![1]}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
  });
});
