import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const REPO_DIR = path.resolve(SERVER_DIR, '../..');

let bundled: Promise<{ main: string; cli: string }> | undefined;

/**
 * The server and the CLI as two plain JavaScript files (and the PDFium worker's) (our TypeScript and the contract's sources
 * bundled by esbuild, packages from node_modules left as imports), built once per test process.
 * Tests that start and kill the server dozens of times need a start that costs node's own start
 * and the migrations check, not a TypeScript transform of every module each time. The files live
 * under node_modules/.cache so that their package imports resolve like the sources' do.
 */
export function serverBundle(): Promise<{ main: string; cli: string }> {
  bundled ??= (async () => {
    const cacheDir = path.join(REPO_DIR, 'node_modules', '.cache', 'mediabox-server-bundle');
    await removeBundlesOfEndedProcesses(cacheDir);
    const outdir = path.join(cacheDir, String(process.pid));
    await build({
      entryPoints: {
        main: path.join(SERVER_DIR, 'src/main.ts'),
        cli: path.join(SERVER_DIR, 'src/cli.ts'),
        // A worker thread's code must be a file of its own; media/pdfium.ts looks for it beside main.mjs.
        'pdfium-worker': path.join(SERVER_DIR, 'src/modules/media/pdfium-worker.ts'),
      },
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      alias: { '@mediabox/contract': path.join(REPO_DIR, 'packages/contract/src/index.ts') },
      logLevel: 'error',
    });
    return { main: path.join(outdir, 'main.mjs'), cli: path.join(outdir, 'cli.mjs') };
  })();
  return bundled;
}

/** One directory per test process: those whose process has ended are left-overs. */
async function removeBundlesOfEndedProcesses(cacheDir: string): Promise<void> {
  for (const name of await fs.readdir(cacheDir).catch(() => [] as string[])) {
    if (!/^\d+$/.test(name) || isAlive(Number(name))) continue;
    await fs.rm(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
