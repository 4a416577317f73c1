import path from 'node:path';
import type { Plugin } from 'vite';
import { initialJavaScript } from './initial-js.ts';

/**
 * Fails the build when the JavaScript a first visit downloads before anything shows (index.html's
 * scripts and modulepreloads, gzip at zlib's default level) exceeds `maxGzipBytes`: issue 7's
 * budget of 200 kB, which `npm run bench:web` reports in full. The build is where a new import into
 * the shell shows up, so that is where it is stopped, not weeks later in a benchmark.
 */
export function initialJsBudget({ maxGzipBytes }: { maxGzipBytes: number }): Plugin {
  let outDir = '';
  return {
    name: 'mediabox:initial-js-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const sizes = initialJavaScript(outDir);
      const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
      if (total > maxGzipBytes) {
        const list = sizes.map(({ file, gzip }) => `${file} ${(gzip / 1000).toFixed(1)} kB`).join(', ');
        this.error(
          `initial JavaScript is ${(total / 1000).toFixed(1)} kB gzip, over the budget of ${maxGzipBytes / 1000} kB (${list}): keep the new code out of the shell (a lazy route, deferredComponent) or make room`,
        );
      }
    },
  };
}
