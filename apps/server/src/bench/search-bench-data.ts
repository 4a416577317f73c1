import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { seededRandom } from '../fixtures/demo/seeded-random.js';

/**
 * Synthetic catalogue for the search benchmark: realistic German/English/French product names of
 * a coffee company, three country roots (50/30/20 %), a few thousand invented product-line words
 * for a realistic vocabulary, and 30 needles with unique words spread over the id range.
 */

const BRANDS = [
  'Jacobs',
  'Tchibo',
  'Dallmayr',
  'Melitta',
  'Lavazza',
  'Onko',
  'Eduscho',
  'Tassimo',
  'Senseo',
  'Milka',
  'Teekanne',
  'Meßmer',
  'Kaffee HAG',
  'Café Royal',
  'Nescafé',
  'Carte Noire',
  'Jacques Vabre',
  'Suchard',
  'Kaba',
  'Ovomaltine',
  'Mövenpick',
  'Segafredo',
  'Illy',
  'Darboven',
  'Idée Kaffee',
  'Krüger',
  'Lipton',
  'Pompadour',
  'Twinings',
  'Krönung',
];
const PRODUCTS: [string, string, string][] = [
  ['Kaffeebohnen', 'coffee beans', 'café en grains'],
  ['Röstkaffee', 'roast coffee', 'café torréfié'],
  ['Espressobohnen', 'espresso beans', 'grains espresso'],
  ['Filterkaffee', 'filter coffee', 'café filtre'],
  ['Kaffeepads', 'coffee pads', 'dosettes de café'],
  ['Kaffeekapseln', 'coffee capsules', 'capsules de café'],
  ['Früchtetee', 'fruit tea', 'infusion aux fruits'],
  ['Kräutertee', 'herbal tea', 'tisane'],
  ['Schwarztee', 'black tea', 'thé noir'],
  ['Grüntee', 'green tea', 'thé vert'],
  ['Pfefferminztee', 'peppermint tea', 'thé à la menthe'],
  ['Trinkschokolade', 'drinking chocolate', 'chocolat à boire'],
  ['Kakaopulver', 'cocoa powder', 'cacao en poudre'],
  ['Milchkaffee', 'café au lait', 'café au lait'],
  ['Instantkaffee', 'instant coffee', 'café soluble'],
  ['Cappuccino', 'cappuccino', 'cappuccino'],
  ['Latte Macchiato', 'latte macchiato', 'latte macchiato'],
  ['Café Crème', 'café crème', 'café crème'],
  ['Eiskaffee', 'iced coffee', 'café glacé'],
  ['Kaffeesahne', 'coffee cream', 'crème à café'],
];
const ATTRIBUTES = [
  'mild',
  'kräftig',
  'klassisch',
  'entkoffeiniert',
  'gemahlen',
  'ganze Bohne',
  'Bio',
  'Fairtrade',
  'Premium',
  'Gold',
  'Crema',
  'Intenso',
  'Aroma',
  'Feine Milde',
  'Spezial',
  'Zartbitter',
  'Vollmilch',
  'Edel',
  'Sélection',
  'Noir',
];
const SIZES = [
  '250 g',
  '500 g',
  '1 kg',
  '16 Kapseln',
  '20 Beutel',
  '100 g',
  '200 g',
  '10 Pads',
  '8 Sticks',
  '400 g',
];
const SYLLABLES = [
  've',
  'llu',
  'to',
  'aro',
  'ma',
  'ti',
  'co',
  'ri',
  'sta',
  'bel',
  'la',
  'mo',
  'ka',
  'ro',
  'sa',
  'lu',
  'na',
  'ce',
  'do',
  'ra',
  'fi',
  'no',
  'bra',
  'zil',
  'ja',
  'va',
  'su',
  'tra',
  'mi',
  'pe',
];
const CATEGORY_NAMES: [string, string, string][] = [
  ['Kaffee', 'Coffee', 'Café'],
  ['Espresso', 'Espresso', 'Expresso'],
  ['Tee', 'Tea', 'Thé'],
  ['Kakao', 'Cocoa', 'Cacao'],
  ['Kapseln', 'Capsules', 'Capsules'],
  ['Pads', 'Pads', 'Dosettes'],
  ['Instant', 'Instant', 'Soluble'],
  ['Zubehör', 'Accessories', 'Accessoires'],
  ['Logos', 'Logos', 'Logos'],
  ['Aktionen', 'Promotions', 'Promotions'],
];
const SUBCATEGORY_NAMES = ['Ganze Bohnen', 'Gemahlen', 'Neuheiten', 'Saisonal'];
const NEEDLE_WORDS = [
  'Zimtsternchen',
  'Haselnusstraum',
  'Morgenröte',
  'Waldbeerenzauber',
  'Kirschblütenduft',
  'Mandelkrokant',
  'Vanillekipferl',
  'Lebkuchenherz',
  'Sonnenaufgang',
  'Bergkristall',
  'Nebelhorn',
  'Sternschnuppe',
  'Honigwabe',
  'Pflaumenmus',
  'Karamellbonbon',
  'Nougatcreme',
  'Orangenblüte',
  'Kokosflocken',
  'Apfelstrudel',
  'Marzipankartoffel',
  'Holunderblüte',
  'Schwarzwälder',
  'Alpenglühen',
  'Gletscherblick',
  'Seerosenteich',
  'Rosenquarz',
  'Bernsteinglanz',
  'Feuerlilie',
  'Silberdistel',
  'Wiesenkerbel',
];

export const ROOTS = [1, 123, 658];

export interface SampledAsset {
  id: number;
  rootId: number;
  gtin: string;
  name: string;
}

export interface GeneratedCatalogue {
  samples: SampledAsset[];
  needles: { id: number; rootId: number; word: string; product: string; brand: string }[];
  lines: string[];
}

export interface BenchQuery {
  kind: string;
  text: string;
  rootId: number;
  /** An asset that must be among the first hits (needles, GTINs). */
  expectId?: number;
}

/** Rows as the tables take them, in column order (see the sinks below). */
export type NodeRow = [number, number | null, number, string, string, string, number, number];
export type AssetRow = [
  id: number,
  containerId: number,
  rootId: number,
  nameDe: string,
  nameEn: string | null,
  nameFr: string | null,
  keywords: string,
  description: string,
  gtin: string,
  gtinNumber: number,
  createdAt: number,
  updatedAt: number,
];
export type FileRow = [id: number, assetId: number, blobSha256: string, fileName: string, createdAt: number];

/** Where generated rows go: SQLite statements or PostgreSQL multi-row inserts, in batches. */
export interface CatalogueSink {
  blob(sha256: string, mimeType: string, createdAt: number): Promise<void>;
  nodes(rows: NodeRow[]): Promise<void>;
  assets(assets: AssetRow[], files: FileRow[]): Promise<void>;
}

const ASSET_BATCH = 10_000;

/**
 * Generates nodes, one shared blob and `size` assets with one file each (ids 1..size, as
 * autoincrement gives them on an empty table) and hands them to the sink in batches.
 */
export async function generateCatalogue(sink: CatalogueSink, size: number): Promise<GeneratedCatalogue> {
  const rnd = seededRandom(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const now = Date.UTC(2026, 10, 22);
  const lines = new Set<string>();
  while (lines.size < 3000) {
    const count = 2 + Math.floor(rnd() * 3);
    let word = '';
    for (let index = 0; index < count; index += 1) word += pick(SYLLABLES);
    lines.add(word[0]!.toUpperCase() + word.slice(1));
  }
  const lineList = [...lines];

  const containers = new Map<number, number[]>();
  const blob = 'b'.repeat(64);
  const samples: SampledAsset[] = [];
  const needles: GeneratedCatalogue['needles'] = [];
  const sampleEvery = Math.max(1, Math.floor(size / 400));
  const needleEvery = Math.max(1, Math.floor(size / NEEDLE_WORDS.length));

  await sink.blob(blob, 'image/jpeg', now);
  const nodeRows: NodeRow[] = [];
  let nodeId = 1000;
  // The roots themselves are rows of the migrated database (20261126-0015).
  for (const rootId of ROOTS) {
    const list: number[] = [];
    for (const names of CATEGORY_NAMES) {
      const top = nodeId++;
      nodeRows.push([top, rootId, rootId, ...names, now, now]);
      list.push(top);
      for (const sub of SUBCATEGORY_NAMES) {
        const child = nodeId++;
        nodeRows.push([
          child,
          top,
          rootId,
          `${names[0]} ${sub}`,
          `${names[1]} ${sub}`,
          `${names[2]} ${sub}`,
          now,
          now,
        ]);
        list.push(child);
      }
    }
    containers.set(rootId, list);
  }
  await sink.nodes(nodeRows);

  let assets: AssetRow[] = [];
  let files: FileRow[] = [];
  for (let index = 0; index < size; index += 1) {
    const share = rnd();
    const rootId = share < 0.5 ? 1 : share < 0.8 ? 123 : 658;
    const brand = pick(BRANDS);
    const [de, en, fr] = pick(PRODUCTS);
    const line = rnd() < 0.7 ? pick(lineList) : '';
    const attribute = pick(ATTRIBUTES);
    const sizeLabel = pick(SIZES);
    const needle =
      index % needleEvery === Math.floor(needleEvery / 2) && needles.length < NEEDLE_WORDS.length;
    const special = needle ? NEEDLE_WORDS[needles.length]! : line;
    const nameDe = [brand, special, de, attribute, sizeLabel].filter(Boolean).join(' ');
    const nameEn = rnd() < 0.6 ? [brand, special, en, sizeLabel].filter(Boolean).join(' ') : null;
    const nameFr = rnd() < 0.4 ? [brand, special, fr, sizeLabel].filter(Boolean).join(' ') : null;
    const article = String(100000 + Math.floor(rnd() * 900000));
    const keywords = `${pick(ATTRIBUTES)} ${de.toLowerCase()} ${article}`;
    const description =
      rnd() < 0.35
        ? `Ein ${attribute} ${de} von ${brand} für jeden Tag, ${pick(ATTRIBUTES)} im Geschmack.`
        : '';
    const gtin13 = `${pick(['40', '87', '76', '90'])}${String(Math.floor(rnd() * 1e11)).padStart(11, '0')}`;
    const gtin = gtin13.padStart(14, '0');
    const container = pick(containers.get(rootId)!);
    const id = index + 1;
    assets.push([
      id,
      container,
      rootId,
      nameDe,
      nameEn,
      nameFr,
      keywords,
      description,
      gtin,
      Number(gtin13),
      now,
      now,
    ]);
    files.push([id, id, blob, `${id}.jpg`, now]);
    if (needle) needles.push({ id, rootId, word: special, product: de, brand });
    else if (index % sampleEvery === 0) samples.push({ id, rootId, gtin, name: nameDe });
    if (assets.length === ASSET_BATCH) {
      await sink.assets(assets, files);
      assets = [];
      files = [];
    }
  }
  if (assets.length > 0) await sink.assets(assets, files);
  return { samples, needles, lines: lineList };
}

/** better-sqlite3 prepared statements; the caller wraps the whole generation in one transaction. */
export function sqliteSink(db: SQLite.Database): CatalogueSink {
  const insertNode = db.prepare(
    'insert into nodes (id, parent_id, root_id, name_de, name_en, name_fr, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertAsset = db.prepare(
    `insert into assets (id, container_id, root_id, name_de, name_en, name_fr, keywords, description, gtin, gtin_number, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFile = db.prepare(
    `insert into asset_files (id, asset_id, media_type, blob_sha256, file_name, mime_type, width, height, version, is_current, created_at)
     values (?, ?, 1100, ?, ?, 'image/jpeg', 1200, 1200, 1, 1, ?)`,
  );
  const insertBlob = db.prepare(
    'insert into blobs (sha256, size, crc32, mime_type, created_at) values (?, 1000, 0, ?, ?)',
  );
  return {
    blob: async (sha256, mimeType, createdAt) => void insertBlob.run(sha256, mimeType, createdAt),
    nodes: async (rows) => rows.forEach((row) => insertNode.run(...row)),
    assets: async (assets, files) => {
      for (const row of assets) insertAsset.run(...row);
      for (const row of files) insertFile.run(...row);
    },
  };
}

/** Column arrays through `unnest`: one statement per batch of 10,000 rows, no parameter limit. */
export function postgresSink(client: pg.ClientBase): CatalogueSink {
  const columns = <T extends unknown[]>(rows: T[]) =>
    rows[0]!.map((_, column) => rows.map((row) => row[column]));
  return {
    blob: async (sha256, mimeType, createdAt) => {
      await client.query(
        'insert into blobs (sha256, size, crc32, mime_type, created_at) values ($1, 1000, 0, $2, $3)',
        [sha256, mimeType, createdAt],
      );
    },
    nodes: async (rows) => {
      await client.query(
        `insert into nodes (id, parent_id, root_id, name_de, name_en, name_fr, created_at, updated_at)
         select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int8[], $8::int8[])`,
        columns(rows),
      );
    },
    assets: async (assets, files) => {
      await client.query(
        `insert into assets (id, container_id, root_id, name_de, name_en, name_fr, keywords, description, gtin, gtin_number, created_at, updated_at)
         select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::text[], $9::varchar[], $10::int8[], $11::int8[], $12::int8[])`,
        columns(assets),
      );
      await client.query(
        `insert into asset_files (id, asset_id, media_type, blob_sha256, file_name, mime_type, width, height, version, is_current, created_at)
         select id, asset_id, 1100, blob, name, 'image/jpeg', 1200, 1200, 1, 1, at
         from unnest($1::int[], $2::int[], $3::varchar[], $4::text[], $5::int8[]) as f(id, asset_id, blob, name, at)`,
        columns(files),
      );
    },
  };
}

/** Swaps, drops or doubles one letter in the middle of a word: the typos users make. */
function typo(word: string, rnd: () => number): string {
  const at = 1 + Math.floor(rnd() * Math.max(1, word.length - 2));
  const kind = Math.floor(rnd() * 3);
  if (kind === 0 && at + 1 < word.length)
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  return word.slice(0, at) + word[at] + word.slice(at);
}

/** A fixed mix of the query kinds of the issue text, `count` in all. */
export function pickQueries(catalogue: GeneratedCatalogue, count: number): BenchQuery[] {
  const rnd = seededRandom(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const root = () => {
    const share = rnd();
    return share < 0.5 ? 1 : share < 0.8 ? 123 : 658;
  };
  const products = PRODUCTS.map(([de]) => de);
  const makers: (() => BenchQuery)[] = [
    () => ({ kind: 'single word', text: pick([...BRANDS, ...products]), rootId: root() }),
    () => ({ kind: 'two words', text: `${pick(BRANDS)} ${pick(products)}`, rootId: root() }),
    () => ({
      kind: 'product line',
      text: `${pick(catalogue.lines)} ${pick(products).slice(0, 5)}`,
      rootId: root(),
    }),
    () => {
      const word = pick([...BRANDS, ...products]).split(' ')[0]!;
      return { kind: 'prefix', text: word.slice(0, 2 + Math.floor(rnd() * 4)), rootId: root() };
    },
    () => ({
      kind: 'prefix, 2nd word',
      text: `${pick(BRANDS)} ${pick(products).slice(0, 1 + Math.floor(rnd() * 4))}`,
      rootId: root(),
    }),
    () => ({
      kind: 'compound part',
      text: pick([
        'bohnen',
        'kapseln',
        'schokolade',
        'pulver',
        'minztee',
        'sahne',
        'kaffee',
        'tee',
        'röst',
        'espresso',
      ]),
      rootId: root(),
    }),
    () => ({
      kind: 'accents',
      text: pick([
        'creme',
        'cafe creme',
        'nescafe',
        'messmer',
        'kroenung',
        'kraeutertee',
        'fruchtetee',
        'movenpick',
        'selection',
        'zubehor',
        'idee kaffee',
        'kruger',
      ]),
      rootId: root(),
    }),
    () => ({
      kind: 'typo',
      text: typo(
        pick([...BRANDS.filter((b) => b.length > 5), ...products])
          .split(' ')[0]!
          .toLowerCase(),
        rnd,
      ),
      rootId: root(),
    }),
    () => {
      const asset = pick(catalogue.samples);
      const text = rnd() < 0.5 ? asset.gtin : asset.gtin.replace(/^0+/, '');
      return { kind: 'gtin', text, rootId: asset.rootId, expectId: asset.id };
    },
    () => {
      const needle = pick(catalogue.needles);
      const variants = [
        needle.word,
        `${needle.brand} ${needle.word}`,
        typo(needle.word.toLowerCase(), rnd),
        needle.word.slice(3),
        `${needle.word.slice(0, 6)}`,
      ];
      return { kind: 'needle', text: pick(variants), rootId: needle.rootId, expectId: needle.id };
    },
  ];
  const queries: BenchQuery[] = [];
  for (let index = 0; index < count; index += 1) queries.push(makers[index % makers.length]!());
  return queries;
}
