import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  /** SIGTERM, wait for the exit, and remove the data directory (unless it was given). */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, as when the machine loses power. Keeps the data directory. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /** A built or bundled entry script to run with plain node, instead of src/main.ts through tsx. */
  script?: string;
  /** Start on this data directory (a restart); it is left in place on stop. */
  dataDir?: string;
  /** Node's own flags, before the script (e.g. `--trace-gc`, whose lines land in output()). */
  nodeArgs?: string[];
  /** Listen here (from freePort) when the address must be known before the start; else a free one. */
  port?: number;
}

/** A port nobody listens on right now (the OS picks it; the server takes it a moment later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`src/main.ts`, through tsx) as a separate operating-system process with
 * its own data directory, and waits until /api/health answers. For tests that need more than one
 * instance: nothing is shared with the test process but what the environment names.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'mediabox-instance-')));
  const port = options.port ?? (await freePort());
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.script ? [options.script] : ['--conditions=source', '--import', 'tsx', 'src/main.ts']),
  ];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 90 s:\n${output}`);
    }
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), exited]);
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      await signal(child, 'SIGTERM');
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
    kill: () => signal(child, 'SIGKILL'),
  };
}

async function signal(child: ChildProcess, name: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill(name);
  await gone;
}
