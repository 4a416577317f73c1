import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import {
  preloadScript,
  type EarlyDataRules,
  type FirstPageData,
  type PreloadPlan,
} from './preload-script.ts';

export interface FirstPage {
  /** Matched against `location.pathname`. */
  path: RegExp;
  /** The page's module, relative to the app's folder (`src/features/…/category-page.tsx`). */
  module: string;
  /** What the page's route loaders ask for at once (the drawer's root, and a category or a search). */
  data: FirstPageData;
}

interface Options {
  /** The pages a signed-in visitor most often opens first, as in src/app/routing/routes.tsx. */
  pages: FirstPage[];
  /** The constants of their data requests. */
  rules: EarlyDataRules;
  /**
   * Modules the signed-in layout loads lazily on every page (relative to the app's folder): without
   * a preload they are asked for only after the first render, and render in a long task of their
   * own just when the page's first pictures arrive.
   */
  layoutModules: string[];
  /** Matches a translation file and captures its language. */
  translationFile: RegExp;
}

/**
 * The router finds the current page's lazy chunk, and i18next the translations, only once the shell
 * has been downloaded and has run; only then do they start downloading, and only then do the route
 * loaders ask for the page's data. This adds a small script in front of the shell that asks for all
 * of it at once, so that it downloads while the shell does. The initial JavaScript stays what it
 * was: the page's code is still fetched for that page only.
 */
export function firstPagePreload({ pages, rules, layoutModules, translationFile }: Options): Plugin {
  let root = '';
  return {
    name: 'mediabox:first-page-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        // A module's chunk and its static imports, less what index.html loads anyway.
        const lazyFilesOf = (module: string) =>
          filesOf(chunkWith(chunks, path.join(root, module)), bundle).filter(
            (file) => !String(html.source).includes(`/${file}"`),
          );
        const plan: PreloadPlan = {
          pages: pages.map((page) => ({
            path: page.path.source,
            files: lazyFilesOf(page.module),
            data: page.data,
          })),
          layout: [...new Set(layoutModules.flatMap(lazyFilesOf))],
          translations: translationChunks(chunks, translationFile),
          rules,
        };
        const reference = this.emitFile({
          type: 'asset',
          name: 'first-page-preload.js',
          source: preloadScript(plan),
        });
        const tag = `<script src="/${this.getFileName(reference)}"></script>`;
        // Before the shell's module script, which the browser runs only after parsing anyway.
        html.source = String(html.source).replace(
          /(\s*)<script type="module"/,
          `$1${tag}$1<script type="module"`,
        );
      },
    },
  };
}

function chunkWith(chunks: Rolldown.OutputChunk[], module: string): Rolldown.OutputChunk {
  const chunk = chunks.find((candidate) => candidate.moduleIds.includes(module));
  if (!chunk) throw new Error(`first-page-preload: no chunk holds ${module}`);
  return chunk;
}

/** The chunk and everything it imports statically (the caller drops what index.html loads anyway). */
function filesOf(chunk: Rolldown.OutputChunk, bundle: Rolldown.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    const current = bundle[file];
    if (files.has(file) || current?.type !== 'chunk' || current.isEntry) return;
    files.add(file);
    current.imports.forEach(visit);
  };
  visit(chunk.fileName);
  return [...files];
}

function translationChunks(chunks: Rolldown.OutputChunk[], translationFile: RegExp): Record<string, string> {
  const result: Record<string, string> = {};
  for (const chunk of chunks) {
    const language = chunk.moduleIds.map((id) => translationFile.exec(id)?.[1]).find(Boolean);
    if (language) result[language] = chunk.fileName;
  }
  return result;
}
