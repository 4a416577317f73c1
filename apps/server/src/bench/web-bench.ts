/**
 * `npm run bench:web [-- --assets 2000 --runs 5 --select-assets 10000 --no-build --no-write]`
 *
 * 1. Builds the web app (`npm run build -w @mediabox/web`, skipped with --no-build) and sums the
 *    gzip sizes (zlib default level) of the JavaScript that apps/web/dist/index.html loads
 *    initially: its module script and every modulepreload. Baseline: all JavaScript of the build.
 * 2. Starts the app (bench-app.ts, SQLite) serving that build on 127.0.0.1 port 0, with a catalogue
 *    of `--assets` assets in 10 categories of the German root, each with a real JPEG thumbnail
 *    (400×300), and a signed-in partner whose stored user is put into the browser's local storage
 *    under the key the app reads (`user`, shared/auth/user-store.ts) with a stored tracking decision
 *    (`trackingConsent`), as for a returning visitor. A bare Fastify in the same process serves the
 *    baseline page: static HTML with one such image.
 * 3. The partner fills the cart with the first `--share-files` assets (their original JPEG) through
 *    the API (`PUT /api/cart/`) and makes its bundle (`GET /api/cart/download`): the share page at
 *    `/download/<bundle name>` (issue 20.1) lists those files with their thumbnails.
 * 4. Headless Chromium (Debian's /usr/bin/chromium through playwright-core, CHROMIUM_PATH to
 *    change) loads home, a category page, a search page and the share page `--runs` times each in
 *    a fresh browser context (cold cache) and once more per run as a reload (warm cache), and reads
 *    the Largest Contentful Paint from a buffered PerformanceObserver once the page's content is
 *    there and the network has been idle. Figures are medians. The share page is opened as the
 *    recipient of a mailed link: a guest, with no stored user, but with a stored tracking decision
 *    (as everywhere here) so that the consent bar does not cover it; its cold loads also count the
 *    thumbnail requests made without any scrolling (lazy beyond the fold, issue 20 "Measured").
 * 5. Issue 22.1: a category of `--select-assets` assets (10,000): one checkbox, "Alle N Treffer
 *    auswählen" in the selection bar (or, `--select-via keys`, Ctrl-A once every page is loaded), then
 *    scrolling to the end; the long tasks from the first click on (web-bench-selection.ts).
 * Targets (issue 7): initial JS < 200 kB gzip (kB = 1000 bytes) with routes split, LCP < 1.2 s;
 * issue 20: the share page of a 200-file bundle LCP < 1.2 s cold, thumbnails lazy beyond the fold.
 * Appends a dated section to docs/performance.md unless --no-write, and prints the suite's
 * summary rows (report.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { BundleFilenameAnswer, endpoints, ShareContentsAnswer, type CartChange } from '@mediabox/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import sharp from 'sharp';
import { initialJavaScript, type InitialFile } from '../../../web/build/initial-js.js';
import { seedAsset, seedNodes, seedRendition } from '../modules/catalogue/testing/catalogue-seed.js';
import { createBenchApp, seedTarget, signedInUser, type BenchApp } from './bench-app.js';
import { measureSelection, type SelectionResult } from './web-bench-selection.js';
import {
  appendToPerformance,
  fmt,
  loadAverage,
  machineDescription,
  median,
  percent,
  printSummary,
  REPO,
  times,
  today,
  type SummaryRow,
} from './report.js';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '2000' },
    /** Files in the share page's bundle (issue 20: 200), one asset each; at most --assets. */
    'share-files': { type: 'string', default: '200' },
    runs: { type: 'string', default: '5' },
    /** Issue 22.1: assets of the one category whose page is selected whole and scrolled (0: skipped). */
    'select-assets': { type: 'string', default: '10000' },
    /** How all are selected: 'bar' ("Alle N Treffer auswählen", the ids route) or 'keys' (Ctrl-A once all are loaded). */
    'select-via': { type: 'string', default: 'bar' },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    /** Prints each cold load's timeline (navigation, every resource, LCP), to see what LCP waits for. */
    timeline: { type: 'boolean', default: false },
    /** Serves the seeded app until interrupted instead of measuring (prints its address and the user's token). */
    serve: { type: 'boolean', default: false },
  },
});

const WEB_DIST = path.join(REPO, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Issue 7. */
const TARGET_INITIAL_JS = 200_000;
const TARGET_LCP_MS = 1200;
const CATEGORIES = 10;
/** The category of the selection page (issue 22.1), apart from the ten above. */
const SELECTION_CATEGORY = 200;
/** Issue 22.1: no long task over this while selecting all and scrolling to the end. */
const TARGET_LONG_TASK_MS = 200;
/**
 * Issue 20: thumbnails lazy beyond the fold. About 8 rows of the share page fit a 1366×900 screen,
 * and Chromium also fetches lazy images within 1250–2500 px below it (~15–30 more rows); so a cold
 * load that fetches more than this many of 200 thumbnails is not lazy in any useful sense.
 */
const MAX_THUMBNAILS_BEFORE_SCROLL = 50;
/** A thumbnail is a signed catalogue ticket: `/api/file/<id>/thumb?exp=…&sig=…`. */
const THUMBNAIL_REQUEST = /\/api\/file\/\d+\/thumb\b/;
const DISTINCT_PICTURES = 20;
const kB = (bytes: number) => `${fmt(bytes / 1000, 1)} kB`;

// ---------------------------------------------------------------- initial JavaScript

interface InitialJs {
  files: InitialFile[];
  initialGzip: number;
  initialBytes: number;
  allGzip: number;
  allFiles: number;
}

function measureInitialJs(): InitialJs {
  const files = initialJavaScript(WEB_DIST);
  const sizeOf = (file: string) => ({ gzip: gzipSync(fs.readFileSync(file)).length });
  const all = fs
    .readdirSync(path.join(WEB_DIST, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => sizeOf(path.join(WEB_DIST, 'assets', name)));
  return {
    files,
    initialGzip: files.reduce((sum, file) => sum + file.gzip, 0),
    initialBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    allGzip: all.reduce((sum, file) => sum + file.gzip, 0),
    allFiles: all.length,
  };
}

// ---------------------------------------------------------------- catalogue

/** Small photo-like JPEGs (gradient under noise), `count` of them with distinct bytes. */
async function thumbnails(count: number, width = 400, height = 300): Promise<Buffer[]> {
  const bases: Buffer[] = [];
  for (let index = 0; index < DISTINCT_PICTURES; index += 1) {
    const pixels = Buffer.allocUnsafe(width * height * 3);
    let state = (index + 1) * 2654435761;
    for (let at = 0; at < pixels.length; at += 3) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const x = (at / 3) % width;
      const noise = (state >>> 26) - 32;
      pixels[at] = (index * 37 + x / 3 + noise) & 255;
      pixels[at + 1] = (index * 91 + 90 + noise) & 255;
      pixels[at + 2] = (index * 53 + 60 - x / 5 + noise) & 255;
    }
    bases.push(
      await sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  // A JPEG comment segment after SOI: other bytes (another blob, another URL), the same picture.
  return Array.from({ length: count }, (_, index) => {
    const base = bases[index % bases.length]!;
    const comment = Buffer.from(`mediabox bench ${index}`);
    const header = Buffer.alloc(4);
    header.writeUInt16BE(0xfffe, 0);
    header.writeUInt16BE(comment.length + 2, 2);
    return Buffer.concat([base.subarray(0, 2), header, comment, base.subarray(2)]);
  });
}

// ---------------------------------------------------------------- share page

/**
 * A bundle of `assetIds` made as the app makes it: the partner's cart gets their original file
 * (media type 1100, as seeded) through `PUT /api/cart/`, and `GET /api/cart/download` makes the
 * bundle; its name is the share page's address. Answers the bundle's file name.
 */
async function shareBundle(t: BenchApp, token: string, assetIds: number[]): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const filled = await t.app.inject({
    method: 'PUT',
    url: endpoints.cartAdd.path,
    headers,
    payload: { assetIds, format: 1100 } satisfies CartChange,
  });
  if (filled.statusCode !== 200) throw new Error(`filling the cart failed: ${filled.body}`);
  const made = await t.app.inject({ method: 'GET', url: endpoints.cartDownload.path, headers });
  if (made.statusCode !== 200) throw new Error(`making the bundle failed: ${made.body}`);
  const { filename } = BundleFilenameAnswer.parse(made.json());
  // The page must list every file, or the bench would measure a shorter page than it says.
  const contents = await t.app.inject({ method: 'GET', url: `/api/download/${filename}/contents` });
  const listed = ShareContentsAnswer.parse(contents.json()).files.length;
  if (listed !== assetIds.length)
    throw new Error(`the share page lists ${listed} of ${assetIds.length} files`);
  return filename;
}

// ---------------------------------------------------------------- browser

interface Lcp {
  ms: number;
  element: string;
}

/** Loads `url` and answers the LCP once `ready` is visible and the network has been idle. */
async function largestContentfulPaint(page: Page, url: string, ready: string, reload: boolean): Promise<Lcp> {
  if (reload) await page.reload({ waitUntil: 'load' });
  else await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // A string, not a function: tsx's transform can add helpers to functions that the page lacks.
  const lcp = await page.evaluate<Lcp>(LCP_SCRIPT);
  if (values.timeline && !reload)
    console.log(await page.evaluate<string>(TIMELINE_SCRIPT), `\n    LCP ${lcp.ms.toFixed(0)}`);
  return lcp;
}

/**
 * When the first answer to a URL matching `pattern` had arrived, ms since navigation start (resource
 * timing); NaN if there was none. For a page whose LCP is not its list: when the list could show.
 */
async function firstResponseEnd(page: Page, pattern: RegExp): Promise<number> {
  return page.evaluate<number>(`(() => {
    const pattern = new RegExp(${JSON.stringify(pattern.source)});
    const entry = performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name));
    return entry ? entry.responseEnd : NaN;
  })()`);
}

/** Navigation and resource timings, ms from navigation start: start → response end, one line each. */
const TIMELINE_SCRIPT = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const lines = ['    document ' + nav.responseEnd.toFixed(0) + ', DOMContentLoaded ' + nav.domContentLoadedEventEnd.toFixed(0)];
  for (const entry of performance.getEntriesByType('resource'))
    lines.push('    ' + entry.startTime.toFixed(0).padStart(5) + ' → ' + entry.responseEnd.toFixed(0).padStart(5) + '  ' + entry.name.replace(location.origin, ''));
  for (const entry of performance.getEntriesByType('paint')) lines.push('    ' + entry.name + ' ' + entry.startTime.toFixed(0));
  return lines.join('\\n');
})()`;

/** The last LCP candidate so far, with a short description of its element. */
const LCP_SCRIPT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    const element = last && last.element;
    const what = element
      ? element.tagName.toLowerCase() + (last.url ? ' (image)' : ' "' + (element.textContent || '').trim().slice(0, 30) + '"')
      : '?';
    resolve({ ms: last ? last.startTime : NaN, element: what });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

interface PageSpec {
  name: string;
  url: string;
  /** A selector that is there once the page shows its content. */
  ready: string;
  /** Local storage of this page's visitor, instead of the signed-in partner's. */
  storage?: Record<string, string>;
  /** Counts the cold load's requests to URLs matching this, from navigation until LCP is read (no scrolling). */
  countRequests?: RegExp;
  /** Cold loads also report when the first answer to each of these had arrived (see firstResponseEnd). */
  milestones?: { label: string; request: RegExp }[];
}

interface PageResult {
  spec: PageSpec;
  cold: number[];
  warm: number[];
  elements: Set<string>;
  /** Per cold run, when the spec counts requests. */
  coldRequests: number[];
  /** Per milestone label, its time in each cold run (ms since navigation start). */
  coldMilestones: Map<string, number[]>;
}

async function measurePage(
  browser: Browser,
  spec: PageSpec,
  runs: number,
  storage: Record<string, string>,
): Promise<PageResult> {
  const result: PageResult = {
    spec,
    cold: [],
    warm: [],
    elements: new Set(),
    coldRequests: [],
    coldMilestones: new Map((spec.milestones ?? []).map(({ label }) => [label, []])),
  };
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'de-DE' });
    // Before the app's scripts on every load: the stored user and decision of a returning visitor.
    await context.addInitScript(
      Object.entries(spec.storage ?? storage)
        .map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`)
        .join('\n'),
    );
    try {
      const page = await context.newPage();
      let requests = 0;
      const count = (request: Request) => {
        if (spec.countRequests?.test(request.url())) requests += 1;
      };
      page.on('request', count);
      const cold = await largestContentfulPaint(page, spec.url, spec.ready, false);
      page.off('request', count);
      if (spec.countRequests) result.coldRequests.push(requests);
      for (const { label, request } of spec.milestones ?? [])
        result.coldMilestones.get(label)!.push(await firstResponseEnd(page, request));
      const warm = await largestContentfulPaint(page, spec.url, spec.ready, true);
      result.cold.push(cold.ms);
      result.warm.push(warm.ms);
      result.elements.add(cold.element);
    } finally {
      await context.close();
    }
  }
  return result;
}

// ---------------------------------------------------------------- run

async function main(): Promise<void> {
  const assetCount = Number(values.assets);
  const runs = Number(values.runs);
  const shareFiles = Math.min(Number(values['share-files']), assetCount);
  let buildSeconds: number | undefined;
  if (!values['no-build']) {
    console.log('building the web app (npm run build -w @mediabox/web) …');
    const start = performance.now();
    execFileSync('npm', ['run', 'build', '-w', '@mediabox/web'], {
      cwd: REPO,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    buildSeconds = (performance.now() - start) / 1000;
  }
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error(`${WEB_DIST}/index.html is missing: run npm run build (or drop --no-build)`);
  const js = measureInitialJs();
  console.log(
    `initial JS: ${js.files.length} files, ${kB(js.initialGzip)} gzip (${kB(js.initialBytes)} raw); all JS ${js.allFiles} files, ${kB(js.allGzip)} gzip`,
  );

  const t = await createBenchApp('sqlite', { env: { WEB_DIST } });
  const target = seedTarget(t);
  let bare: FastifyInstance | undefined;
  let browser: Browser | undefined;
  try {
    let start = performance.now();
    await seedNodes(target, [
      { id: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
      ...Array.from({ length: CATEGORIES }, (_, index) => ({
        id: 100 + index,
        parentId: 1,
        rootId: 1,
        de: `Kaffee-Sorte ${index + 1}`,
      })),
    ]);
    const pictures = await thumbnails(assetCount * 2);
    const assetIds: number[] = [];
    for (let index = 0; index < assetCount; index += 1) {
      const seeded = await seedAsset(target, {
        containerId: 100 + (index % CATEGORIES),
        rootId: 1,
        de: `Röstkaffee Nordstern ${index + 1} mild 500 g`,
        en: `Roast coffee Nordstern ${index + 1} mild 500 g`,
        gtin: String(4006067000000 + index).padStart(14, '0'),
        keywords: 'kaffee bohnen mild',
        files: [
          {
            mediaType: 1100,
            bytes: pictures[2 * index]!,
            fileName: `${index + 1}.jpg`,
            mimeType: 'image/jpeg',
            width: 400,
            height: 300,
            colorspace: 'srgb',
          },
        ],
      });
      await seedRendition(target, seeded.blobs[0]!, 'thumb', pictures[2 * index + 1]!);
      await seedRendition(target, seeded.blobs[0]!, 'preview', pictures[2 * index + 1]!);
      assetIds.push(seeded.id);
    }
    const selectAssets = Number(values['select-assets']);
    if (selectAssets > 0) {
      // One category holding them all: its page is the 10,000 results of issue 22.1.
      await seedNodes(target, [{ id: SELECTION_CATEGORY, parentId: 1, rootId: 1, de: 'Auswahl-Kaffee' }]);
      const selectionPictures = await thumbnails(selectAssets);
      for (let index = 0; index < selectAssets; index += 1) {
        const seeded = await seedAsset(target, {
          containerId: SELECTION_CATEGORY,
          rootId: 1,
          de: `Auswahl-Kaffee ${index + 1}`,
          files: [
            {
              mediaType: 1100,
              bytes: selectionPictures[index]!,
              fileName: `auswahl-${index + 1}.jpg`,
              mimeType: 'image/jpeg',
              width: 400,
              height: 300,
              colorspace: 'srgb',
            },
          ],
        });
        await seedRendition(target, seeded.blobs[0]!, 'thumb', selectionPictures[index]!);
      }
    }
    await t.context.search.rebuild();
    const seedSeconds = (performance.now() - start) / 1000;
    console.log(`seeded ${assetCount} assets with thumbnails in ${fmt(seedSeconds)} s`);
    const user = await signedInUser(t);
    const bundle = await shareBundle(t, user.token, assetIds.slice(0, shareFiles));
    console.log(`bundle ${bundle} of ${shareFiles} files for the share page`);
    if (process.env.WEB_BENCH_LOG_REQUESTS) {
      // Diagnostic: when each request arrived and how long the server took, ms since the first.
      const first = performance.now();
      t.app.server.on('request', (request, response) => {
        const at = performance.now();
        response.on('finish', () =>
          console.log(
            `req ${(at - first).toFixed(0)} +${(performance.now() - at).toFixed(1)} ${request.url?.slice(0, 50)}`,
          ),
        );
      });
    }
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const origin = `http://127.0.0.1:${address.port}`;
    if (values.serve) {
      console.log(
        `serving ${origin}/ until Ctrl-C (share page: ${origin}/download/${bundle}); the signed-in partner's stored user:\n${JSON.stringify(user)}`,
      );
      await new Promise(() => {});
    }

    // Baseline: one static page with one image, from a bare Fastify in this process.
    const picture = pictures[1]!;
    bare = Fastify({ logger: false });
    bare.get('/', async (_request, reply) =>
      reply
        .type('text/html')
        .send(
          '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Baseline</title></head>' +
            '<body><h1>Mediabox</h1><img id="picture" src="/picture.jpg" width="400" height="300" alt=""></body></html>',
        ),
    );
    bare.get('/picture.jpg', async (_request, reply) => reply.type('image/jpeg').send(picture));
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareAddress = bare.server.address();
    if (!bareAddress || typeof bareAddress === 'string') throw new Error('not listening');

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const storage = {
      user: JSON.stringify(user),
      trackingConsent: JSON.stringify({ tracking: false, decidedAt: Date.now() }),
    };
    const pages: PageSpec[] = [
      {
        name: 'baseline: static HTML + 1 image (bare Fastify)',
        url: `http://127.0.0.1:${bareAddress.port}/`,
        ready: '#picture',
      },
      { name: 'home /', url: `${origin}/`, ready: 'a[href="/100"]' },
      { name: 'category /100 (200 assets)', url: `${origin}/100`, ready: 'main img' },
      { name: 'search /search/kaffee', url: `${origin}/search/kaffee`, ready: 'main img' },
      {
        name: `share page /download/… (${shareFiles} files, guest)`,
        url: `${origin}/download/${bundle}`,
        ready: 'main li img',
        // A mailed link's recipient: nobody signed in, but a decision made, so no consent bar.
        storage: { trackingConsent: storage.trackingConsent },
        countRequests: THUMBNAIL_REQUEST,
        // LCP is the heading once the link checks out; the list follows with the contents' answer.
        milestones: [
          { label: 'contents answered', request: /\/api\/download\/[^/]+\/contents$/ },
          { label: 'first thumbnail received', request: THUMBNAIL_REQUEST },
        ],
      },
    ];
    const loadBefore = loadAverage();
    start = performance.now();
    // One warm-up load of each (server JIT, Chromium's first start), not counted.
    for (const spec of pages) await measurePage(browser, spec, 1, storage);
    const results: PageResult[] = [];
    for (const spec of pages) {
      const result = await measurePage(browser, spec, runs, storage);
      results.push(result);
      console.log(
        `  ${spec.name}: LCP cold ${fmt(median(result.cold), 0)} ms, warm ${fmt(median(result.warm), 0)} ms (${[...result.elements].join(', ')})`,
      );
      if (spec.countRequests)
        console.log(
          `    thumbnails requested on the cold loads, no scrolling: ${result.coldRequests.join(', ')}`,
        );
      for (const [label, ms] of result.coldMilestones)
        console.log(`    ${label}, cold: median ${fmt(median(ms), 0)} ms`);
    }
    const measureSeconds = (performance.now() - start) / 1000;
    let selection: SelectionResult | undefined;
    if (selectAssets > 0) {
      const via = values['select-via'] === 'keys' ? 'keys' : 'bar';
      selection = await measureSelection(
        browser,
        `${origin}/${SELECTION_CATEGORY}`,
        storage,
        selectAssets,
        via,
      );
      console.log(
        `  selection page /${SELECTION_CATEGORY} (${selectAssets} results): "${selection.barText}", ${selection.loaded} loaded after scrolling, ${selection.checkedAtEnd.checked} of ${selection.checkedAtEnd.rendered} rendered checkboxes checked; long tasks ${selection.longTasks.map((ms) => fmt(ms, 0)).join(', ') || 'none'} (${fmt(selection.seconds, 0)} s)`,
      );
    }
    const longest = selection ? Math.max(0, ...selection.longTasks) : 0;
    const overTarget = selection ? selection.longTasks.filter((ms) => ms > TARGET_LONG_TASK_MS).length : 0;
    const baseline = results[0]!;
    const share = results.find((result) => result.spec.countRequests)!;
    const shareThumbnails = median(share.coldRequests);
    const chromiumVersion = browser.version();

    const section = [
      `## Web benchmark, ${today()}`,
      '',
      `Machine: ${machineDescription([`Chromium ${chromiumVersion} (headless)`])}; 1-minute load average ${fmt(loadBefore)} before the page loads, ${fmt(loadAverage())} after. Command: \`npm run bench:web -- --assets ${assetCount} --runs ${runs} --share-files ${shareFiles} --select-assets ${selectAssets}${values['select-via'] === 'keys' ? ' --select-via keys' : ''}${values['no-build'] ? ' --no-build' : ''}\`.`,
      '',
      `Initial JavaScript of the build${buildSeconds === undefined ? ' (existing apps/web/dist)' : ` (built in ${fmt(buildSeconds, 0)} s)`}: the module script and the modulepreloads of dist/index.html, ${js.files.length} files, **${kB(js.initialGzip)} gzip** (${kB(js.initialBytes)} raw; target < ${kB(TARGET_INITIAL_JS)}), of ${kB(js.allGzip)} gzip in all ${js.allFiles} JS files of the build (${percent(js.initialGzip / js.allGzip)} loaded initially; routes are split with lazy routes in apps/web/src/app/routing/routes.tsx). Largest initial files (gzip): ${[
        ...js.files,
      ]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 4)
        .map((file) => `${path.basename(file.file)} ${kB(file.gzip)}`)
        .join(', ')}.`,
      '',
      `Largest Contentful Paint: the built app served by the app (bench-app.ts, SQLite, production config) on 127.0.0.1, ${assetCount.toLocaleString('en')} assets in ${CATEGORIES} categories with real 400×300 JPEG thumbnails (seeded and indexed in ${fmt(seedSeconds)} s), a signed-in partner's stored user and tracking decision in local storage; viewport 1366×900, no CPU or network throttling. Each page ${runs} times in a fresh browser context (cold: empty cache) and reloaded once in it (warm: hashed assets cached); medians in ms, after one uncounted warm-up load each (${fmt(measureSeconds, 0)} s of loads in all). The baseline is a static HTML page with one such image from a bare Fastify in the same process. The share page (issue 20) is the link of a bundle the partner made of ${shareFiles} assets' original JPEGs (\`PUT /api/cart/\`, \`GET /api/cart/download\`), opened as a guest: no stored user, only the tracking decision (no consent bar); the zip download it starts by itself runs during the load.`,
      '',
      '| page | LCP cold, ms (median / max) | LCP warm, ms (median / max) | cold ÷ baseline | LCP element |',
      '|---|---|---|---|---|',
      ...results.map(
        (result) =>
          `| ${result.spec.name} | ${fmt(median(result.cold), 0)} / ${fmt(Math.max(...result.cold), 0)} | ${fmt(median(result.warm), 0)} / ${fmt(Math.max(...result.warm), 0)} | ${times(median(result.cold) / median(baseline.cold), 1)} | ${[...result.elements].join(', ')} |`,
      ),
      '',
      `Share page thumbnails requested on each cold load, from navigation until LCP was read after the network had been idle, without any scrolling: ${share.coldRequests.join(', ')} of ${shareFiles} (median **${fmt(shareThumbnails, 0)}**; lazy beyond the fold if well below ${shareFiles}, here at most ${MAX_THUMBNAILS_BEFORE_SCROLL}). Its list, cold, ms since navigation (median / max): ${[
        ...share.coldMilestones,
      ]
        .map(([label, ms]) => `${label} ${fmt(median(ms), 0)} / ${fmt(Math.max(...ms), 0)}`)
        .join(', ')}.`,
      '',
      ...(selection
        ? [
            `Selection (issue 22.1): the category page /${SELECTION_CATEGORY} of ${selectAssets.toLocaleString('en')} assets, signed in, after its first page: ${values['select-via'] === 'keys' ? 'scrolled to the end (every page loaded), Ctrl-A in the results, back to the top' : 'one checkbox, then "Alle N Treffer auswählen" in the selection bar'} (bar: "${selection.barText}"), then scrolling a screen every 50 ms to the end (${selection.loaded.toLocaleString('en')} results loaded; ${selection.checkedAtEnd.checked} of ${selection.checkedAtEnd.rendered} rendered checkboxes checked there), in ${fmt(selection.seconds, 0)} s. Long tasks from the first click on (PerformanceObserver 'longtask'): ${selection.longTasks.length}, longest **${fmt(longest, 0)} ms**, over ${TARGET_LONG_TASK_MS} ms: **${overTarget}** (target: none); of them during the last scroll from the top to the end with all selected: ${selection.scrollTasks.length}, longest ${fmt(Math.max(0, ...selection.scrollTasks), 0)} ms, over ${TARGET_LONG_TASK_MS} ms: ${selection.scrollTasks.filter((ms) => ms > TARGET_LONG_TASK_MS).length}.`,
            '',
          ]
        : []),
    ].join('\n');
    console.log(`\n${section}`);
    if (!values['no-write']) appendToPerformance(section);
    printSummary([
      {
        bench: 'web',
        what: 'initial JavaScript (gzip: module script + modulepreloads)',
        figure: kB(js.initialGzip),
        baseline: `${kB(js.allGzip)} (all JS of the build)`,
        ratio: percent(js.initialGzip / js.allGzip),
        target: `< ${kB(TARGET_INITIAL_JS)}`,
        met: js.initialGzip < TARGET_INITIAL_JS,
      },
      ...results.slice(1).map((result): SummaryRow => ({
        bench: 'web',
        what: `LCP ${result.spec.name}, cold cache`,
        figure: `${fmt(median(result.cold), 0)} ms`,
        baseline: `${fmt(median(baseline.cold), 0)} ms (static page + 1 image)`,
        ratio: times(median(result.cold) / median(baseline.cold), 1),
        target: `< ${fmt(TARGET_LCP_MS, 0)} ms`,
        met: median(result.cold) < TARGET_LCP_MS,
      })),
      {
        bench: 'web',
        what: `share page thumbnails requested before scrolling, cold (${shareFiles} files)`,
        figure: `${fmt(shareThumbnails, 0)} of ${shareFiles}`,
        baseline: `${shareFiles} (every thumbnail, if none were lazy)`,
        ratio: percent(shareThumbnails / shareFiles),
        target: `≤ ${MAX_THUMBNAILS_BEFORE_SCROLL} (lazy beyond the fold)`,
        met: shareThumbnails <= MAX_THUMBNAILS_BEFORE_SCROLL,
      },
      ...(selection
        ? [
            {
              bench: 'web',
              what: `longest task selecting all ${selectAssets} results and scrolling to the end`,
              figure: `${fmt(longest, 0)} ms (${overTarget} over ${TARGET_LONG_TASK_MS} ms)`,
              baseline: `${TARGET_LONG_TASK_MS} ms`,
              ratio: times(longest / TARGET_LONG_TASK_MS, 2),
              target: `no task > ${TARGET_LONG_TASK_MS} ms`,
              met: overTarget === 0,
            },
          ]
        : []),
    ]);
  } finally {
    await browser?.close();
    await bare?.close();
    await t.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
