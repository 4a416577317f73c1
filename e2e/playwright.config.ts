import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built portal,
 * started on a fresh temporary data directory with the embedded SQLite database.
 * The config is evaluated again in each worker: the data dir travels in the environment.
 */
process.env.MEDIABOX_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mediabox-e2e-'));
const dataDir = process.env.MEDIABOX_E2E_DATA_DIR;
const port = Number(process.env.MEDIABOX_E2E_PORT ?? 18765);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Beside the unit tests on two cores (npm test runs both at once) a long journey can pass a minute.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machines have no network beyond the package registries: keep Chromium from trying.
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The demo catalogue is loaded before the server starts, so every test sees the same content.
    command: 'node ../apps/server/dist/cli.js demo && node ../apps/server/dist/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: 'admin@nordstern-kaffee.example',
      ADMIN_PASSWORD: 'Admin-Passwort-1',
      INTERNAL_EMAIL_DOMAINS: 'nordstern-kaffee.example',
      LOG_LEVEL: 'warn',
    },
  },
});
