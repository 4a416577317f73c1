import { describe, expect, it } from 'vitest';
import { ExternalToolError, runTool } from './external-tool.js';

describe('runTool', () => {
  it('kills a PostScript program that loops forever when its time is up', async () => {
    const started = performance.now();
    const run = runTool(
      'gs',
      ['-dSAFER', '-dBATCH', '-dNOPAUSE', '-dQUIET', '-sDEVICE=nullpage', '-c', '{ } loop'],
      {
        timeoutMs: 500,
      },
    );
    await expect(run).rejects.toThrow(/gs: timed out after 500 ms/);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('passes arguments without a shell: metacharacters stay literal', async () => {
    const { stdout } = await runTool('echo', ['$(id)', '; rm -rf /', '`uname`']);
    expect(stdout).toBe('$(id) ; rm -rf / `uname`\n');
  });

  it('reports a failing tool with its error output', async () => {
    const run = runTool('gs', [
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=nullpage',
      '-f',
      '/nonexistent/file.eps',
    ]);
    await expect(run).rejects.toBeInstanceOf(ExternalToolError);
    await expect(run).rejects.toThrow(/^gs: .*Unrecoverable error/);
  });
});
