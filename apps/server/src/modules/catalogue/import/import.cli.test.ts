import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImportDir } from '../../../test/import-dirs.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../../..');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `mediabox import DIR` as a process, the way an operator does, on a SQLite file in DATA_DIR. */
function runImport(dataDir: string, dir: string): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli.ts', 'import', dir],
      { cwd: REPO_ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('mediabox import (CLI process)', () => {
  const made: string[] = [];
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-import-cli-'));
    made.push(dataDir);
  });
  afterAll(async () => {
    for (const dir of made) await fs.rm(dir, { recursive: true, force: true });
  });

  it('prints every problem and exits 1 when the manifest is bad', async () => {
    const dir = await makeImportDir(
      {
        nodes: [{ id: 1, parentId: null, name: { de: 'Deutschland' } }],
        assets: [
          {
            container: 1,
            name: { de: 'Bild' },
            customFields: { '100': '4006067084219' },
            files: [{ path: 'ok.jpg', mediaType: 1100 }],
          },
          { container: 77, name: { de: 'Bild' }, files: [{ path: '../../etc/passwd', mediaType: 1100 }] },
          { container: 1, name: { de: 'Kaputt' }, files: [{ path: 'truncated.jpg', mediaType: 1100 }] },
        ],
      },
      { 'ok.jpg': 'packshot-rgb.jpg', 'truncated.jpg': 'bad/truncated.jpg' },
    );
    made.push(dir);
    const result = await runImport(dataDir, dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe('Nothing was imported. The import has 4 problems:');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^ {2}assets\[0\] customFields\.100: .*check digit.*\(import\.errors\.badGtin\)$/,
      ),
      expect.stringMatching(/^ {2}assets\[1\] container: .*77.*\(import\.errors\.unknownContainer\)$/),
      expect.stringMatching(
        /^ {2}assets\[1\] files\[0\]\.path: \.\.\/\.\.\/etc\/passwd .*\(import\.errors\.pathOutsideDir\)$/,
      ),
      expect.stringMatching(
        /^ {2}assets\[2\] files\[0\]\.path: truncated\.jpg: .*\(media\.errors\.damaged\)$/,
      ),
    ]);
  });

  it('prints a summary, and changes nothing when run again', async () => {
    // Only a category under Germany: the country roots are in every new database (issue 16).
    const dir = await makeImportDir(
      {
        nodes: [{ id: 2, parentId: 1, name: { de: 'Kaffee' } }],
        assets: [
          { id: 1, container: 2, name: { de: 'Probe' }, files: [{ path: 'probe.jpg', mediaType: 1100 }] },
        ],
      },
      { 'probe.jpg': 'packshot-rgb.jpg' },
    );
    made.push(dir);
    const first = await runImport(dataDir, dir);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toContain('nodes:  1 created, 0 updated, 0 unchanged');
    expect(first.stdout).toContain('assets: 1 created, 0 updated, 0 unchanged');
    expect(first.stdout).toContain('files:  1 created, 0 new versions, 0 unchanged');

    const second = await runImport(dataDir, dir);
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).toContain('nodes:  0 created, 0 updated, 1 unchanged');
    expect(second.stdout).toContain('files:  0 created, 0 new versions, 1 unchanged');
  });
});
