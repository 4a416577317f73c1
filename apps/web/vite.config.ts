import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { firstPagePreload } from './build/first-page-preload.ts';
import { EARLY_DATA_RULES, FIRST_PAGES, LAYOUT_MODULES } from './build/first-pages.ts';
import { initialJsBudget } from './build/initial-js-budget.ts';

/** The contract's sources (resolved through the `source` condition below). */
const CONTRACT_SOURCES = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
/** A translation file, `…/locales/{language}/{feature}.json`. */
const TRANSLATION_FILE = /[\\/]locales[\\/](\w+)[\\/][^\\/]+\.json$/;

export default defineConfig({
  plugins: [
    react(),
    firstPagePreload({
      pages: FIRST_PAGES,
      rules: EARLY_DATA_RULES,
      layoutModules: LAYOUT_MODULES,
      translationFile: TRANSLATION_FILE,
    }),
    // Issue 7: what a first visit downloads before anything shows (kB = 1000 bytes).
    initialJsBudget({ maxGzipBytes: 200_000 }),
  ],
  // `source` makes the contract package resolve to its TypeScript sources: no build step in between.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // Maps are written for whoever debugs a production error, but the bundles do not point to them
    // and the server does not serve them (issue 17.9).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // The contract's modules only declare constants and schemas, but its package does not say so:
        // without this, importing one constant from it would include all its modules, and zod. An
        // included module still brings its schemas (their `z.…()` calls look like side effects), so
        // code of the first download takes contract values only from schema-free constants.ts.
        moduleSideEffects: (id) => (CONTRACT_SOURCES.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // What the first page needs as one file rather than twenty small ones: the server speaks
            // HTTP/1.1, where a browser fetches six files at a time, and one file compresses better.
            { name: 'shell', tags: ['$initial'] },
            // One chunk per language: the app fetches only the language in use (shared/i18n).
            { name: (id) => TRANSLATION_FILE.exec(id)?.[1] ?? null, test: TRANSLATION_FILE },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
});
