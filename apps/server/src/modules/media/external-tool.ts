import { execFile } from 'node:child_process';

/** Ghostscript gets this long per file; a hostile or broken file must not hang a worker. */
export const TOOL_TIMEOUT_MS = 30_000;

export class ExternalToolError extends Error {
  constructor(
    readonly tool: string,
    message: string,
  ) {
    super(`${tool}: ${message}`);
    this.name = 'ExternalToolError';
  }
}

/**
 * Runs a program with arguments and no shell (a file name can never become a command), a hard
 * timeout (SIGKILL, so it cannot be ignored) and a cap on what it may print.
 */
export function runTool(
  tool: string,
  args: string[],
  options: { timeoutMs?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      tool,
      args,
      {
        shell: false,
        timeout: options.timeoutMs ?? TOOL_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: 1024 * 1024,
        encoding: 'utf8',
        windowsHide: true,
        env: toolEnvironment(),
      },
      (err, stdout, stderr) => {
        if (!err) return resolve({ stdout, stderr });
        const timedOut = (err as { killed?: boolean }).killed === true;
        const detail = timedOut
          ? `timed out after ${options.timeoutMs ?? TOOL_TIMEOUT_MS} ms`
          : firstLines(stderr || err.message);
        reject(new ExternalToolError(tool, detail));
      },
    );
  });
}

const firstLines = (text: string): string => text.trim().split('\n').slice(0, 3).join(' | ').slice(0, 500);

/**
 * The environment without variables that would add options or search paths behind our back
 * (GS_OPTIONS is read by Ghostscript as extra command-line options, GS_LIB as its library path).
 */
function toolEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['GS_OPTIONS', 'GS_LIB', 'GS_FONTPATH']) delete env[name];
  return env;
}
