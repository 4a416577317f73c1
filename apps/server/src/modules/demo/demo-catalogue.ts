import {
  COUNTRY_ROOTS,
  IMAGE_CATEGORIES,
  gtinCheckDigit,
  toGtin14,
  type Country,
  type ImageCategory,
  type MediaType,
} from '@mediabox/contract';
import {
  BRANDS,
  buildProducts,
  l3,
  same,
  type Brand,
  type Localized,
  type Product,
  type ProductCategory,
} from './demo-products.js';
import { randomFor } from './seeded-random.js';

/**
 * The demo catalogue as data: category tree per country and ~600 assets with the artwork each file
 * shows. Pure and deterministic (seeded by names, no Math.random, no clock): two runs describe the same
 * catalogue, so importing it again changes nothing. demo-generator.ts turns it into files.
 */

export interface DemoNode {
  id: number;
  parentId: number | null;
  name: Localized;
}

export type LogoStyle = 'colour' | 'black' | 'negative';

export interface Seal {
  key: string;
  /** Text around the badge, upper case. */
  ring: string;
  /** Short text in the middle. */
  centre: string;
  colour: string;
}

export interface Advert {
  key: string;
  format: 'a4' | 'shelf';
  product: Product;
  language: 'de' | 'fr';
  headline: string;
  price: string;
}

export type Artwork =
  | { kind: 'packshot'; product: Product; view: ImageCategory; version: number; variant: number }
  | { kind: 'logo'; brand: Brand; style: LogoStyle }
  | { kind: 'seal'; seal: Seal; style: LogoStyle }
  | { kind: 'advert'; advert: Advert };

export interface DemoFile {
  /** Relative to the demo directory; equal paths mean equal content (one render serves several assets). */
  path: string;
  mediaType: MediaType;
  artwork: Artwork;
}

export interface DemoAsset {
  /** Asset id in the portal: fixed, so that a second import updates instead of adding (manifest:<id>). */
  id: number;
  /** Readable key for tests and logs. */
  key: string;
  container: number;
  name: Localized;
  keywords: string[];
  customFields?: Record<string, string>;
  files: DemoFile[];
}

export interface DemoCatalogue {
  nodes: DemoNode[];
  assets: DemoAsset[];
}

type CountryCode = 'de' | 'at' | 'ch';
const COUNTRY_CODES: Record<Country, CountryCode> = { germany: 'de', austria: 'at', switzerland: 'ch' };
/** Asset ids per country: 100001…, 200001…, 300001…; far above anything uploaded by hand in a demo. */
const ASSET_ID_BASE: Record<Country, number> = { germany: 100_000, austria: 200_000, switzerland: 300_000 };
const ROOT_NAMES: Record<Country, Localized> = {
  germany: l3('Deutschland', 'Germany', 'Allemagne'),
  austria: l3('Österreich', 'Austria', 'Autriche'),
  switzerland: l3('Schweiz', 'Switzerland', 'Suisse'),
};
/** Node ids per country start here, far from the roots 1, 123 and 658. */
const NODE_ID_BASE: Record<Country, number> = { germany: 1000, austria: 2000, switzerland: 3000 };
/** Three-digit prefixes (hidden by the app) on some top categories, differently per country. */
const PREFIXES: Record<Country, Partial<Record<string, string>>> = {
  germany: { coffee: '010', tea: '020', cocoa: '030', 'coffee.beans': '100', 'coffee.ground': '200' },
  austria: {},
  switzerland: { coffee: '100', tea: '200', cocoa: '300' },
};

interface TreeSpec {
  key: string;
  name: Localized;
  children?: TreeSpec[];
}

const TREE: TreeSpec[] = [
  {
    key: 'coffee',
    name: l3('Kaffee', 'Coffee', 'Café'),
    children: [
      {
        key: 'coffee.beans',
        name: l3('Ganze Bohne', 'Whole beans', 'Grains entiers'),
        children: [
          { key: 'coffee.beans.espresso', name: same('Espresso') },
          { key: 'coffee.beans.crema', name: same('Caffè Crema') },
          {
            key: 'coffee.beans.classic',
            name: l3('Röstkaffee klassisch', 'Classic roast', 'Torréfaction classique'),
          },
        ],
      },
      { key: 'coffee.ground', name: l3('Gemahlen', 'Ground', 'Moulu') },
      { key: 'coffee.capsules', name: l3('Kapseln', 'Capsules', 'Capsules') },
      { key: 'coffee.pads', name: l3('Pads', 'Pods', 'Dosettes') },
      { key: 'coffee.instant', name: l3('Instant', 'Instant', 'Soluble') },
    ],
  },
  {
    key: 'tea',
    name: l3('Tee', 'Tea', 'Thé'),
    children: [
      { key: 'tea.black', name: l3('Schwarztee', 'Black tea', 'Thé noir') },
      { key: 'tea.green', name: l3('Grüntee', 'Green tea', 'Thé vert') },
      { key: 'tea.herbal', name: l3('Kräutertee', 'Herbal tea', 'Tisanes') },
      { key: 'tea.fruit', name: l3('Früchtetee', 'Fruit tea', 'Infusions de fruits') },
    ],
  },
  {
    key: 'cocoa',
    name: l3('Kakao & Trinkschokolade', 'Cocoa & drinking chocolate', 'Cacao & chocolat à boire'),
    children: [
      { key: 'cocoa.powder', name: l3('Kakaopulver', 'Cocoa powder', 'Cacao en poudre') },
      { key: 'cocoa.drinking', name: l3('Trinkschokolade', 'Drinking chocolate', 'Chocolat à boire') },
    ],
  },
  {
    key: 'logos',
    name: same('Logos'),
    children: [
      { key: 'logos.brands', name: l3('Markenlogos', 'Brand logos', 'Logos de marque') },
      { key: 'logos.seals', name: l3('Siegel', 'Seals', 'Labels') },
    ],
  },
  {
    key: 'ads',
    name: l3('Werbemittel', 'Advertising material', 'Matériel publicitaire'),
    children: [
      { key: 'ads.adverts', name: l3('Anzeigenvorlagen', 'Advert templates', 'Modèles d’annonces') },
      { key: 'ads.shelf', name: l3('Regalstopper', 'Shelf talkers', 'Stop-rayons') },
    ],
  },
];

/** Fictional GS1 company prefix 4000000 + five-digit item number + check digit. */
export function demoGtin(index: number): string {
  const body = `4000000${String(10010 + index * 37).padStart(5, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

const PRODUCTS = buildProducts(demoGtin);

/** Share of the products each country lists (Germany all of them). */
const COUNTRY_SHARE: Record<Country, number> = { germany: 1, austria: 0.75, switzerland: 0.7 };

const SEALS: Seal[] = [
  { key: 'roestfrisch', ring: 'RÖSTFRISCH-GARANTIE', centre: '100 %', colour: '#1f2d4d' },
  { key: 'seit-1921', ring: 'NORDSTERN KAFFEE', centre: '1921', colour: '#8c1d2b' },
  { key: 'schonend', ring: 'SCHONEND GERÖSTET', centre: '18 min', colour: '#5a3220' },
  { key: 'eigene-roesterei', ring: 'AUS EIGENER RÖSTEREI', centre: 'N', colour: '#2f5d3a' },
];

const LOGO_STYLE_NAMES: Record<LogoStyle, Localized> = {
  colour: l3('farbig', 'colour', 'couleur'),
  black: l3('schwarz', 'black', 'noir'),
  negative: l3('negativ', 'reversed', 'négatif'),
};

const ADVERT_HEADLINES = {
  de: [
    'Der Morgen gehört dir.',
    'Frisch geröstet. Jeden Tag.',
    'Zeit für eine Pause.',
    'Genuss mit Herkunft.',
  ],
  fr: [
    'Le matin vous appartient.',
    'Torréfié chaque jour.',
    'Le temps d’une pause.',
    'Le goût de l’origine.',
  ],
};

const ADVERT_PRODUCTS = [
  'nordstern-kroenchen-beans-500',
  'morgenrot-espresso-classico',
  'seidenblatt-earl-grey',
  'kakaoinsel-drinking-classic',
  'alpenkrone-melange-ground',
  'nordstern-capsules-espresso',
];

interface ViewPlan {
  view: ImageCategory;
  version: number;
  variant: number;
  /** Extra files besides the main JPEG. */
  tiff: boolean;
  png: boolean;
}

/** Which pictures a product has: the same in every country, so countries share the renders. */
function viewPlan(product: Product): ViewPlan[] {
  const random = randomFor(`views:${product.key}`);
  const withPrint = random() < 0.4;
  const plans: ViewPlan[] = [{ view: 1, version: 1, variant: 1, tiff: withPrint, png: random() < 0.6 }];
  if (random() < 0.6) {
    plans.push({ view: 2, version: 1, variant: 1, tiff: false, png: false });
    plans.push({ view: 3, version: 1, variant: 1, tiff: false, png: false });
    plans.push({ view: 5, version: 1, variant: 1, tiff: false, png: false });
  }
  if (random() < 0.35) plans.push({ view: 4, version: 1, variant: 1, tiff: withPrint, png: true });
  const beans = product.category.startsWith('coffee.beans') || product.category === 'cocoa.powder';
  if (beans && random() < 0.5) plans.push({ view: 9, version: 1, variant: 1, tiff: false, png: true });
  if (random() < 0.15) plans.push({ view: 1, version: 2, variant: 1, tiff: false, png: false });
  if (random() < 0.15) plans.push({ view: 1, version: 1, variant: 2, tiff: false, png: true });
  return plans;
}

const VIEW_SUFFIX = (plan: ViewPlan): Localized => {
  const parts: Localized[] = [];
  if (plan.view !== 1) parts.push(IMAGE_CATEGORIES[plan.view].name);
  if (plan.version > 1) parts.push(l3('neues Design', 'new design', 'nouveau design'));
  if (plan.variant > 1) parts.push(l3('Limitierte Edition', 'Limited edition', 'Édition limitée'));
  const join = (language: keyof Localized) => parts.map((part) => ` – ${part[language]}`).join('');
  return { de: join('de'), en: join('en'), fr: join('fr') };
};

export const productName = (product: Product): Localized => {
  const name = (language: keyof Localized) =>
    `${product.brand.name} ${product.line[language]} ${product.kind[language]} ${product.size[language]}`;
  return { de: name('de'), en: name('en'), fr: name('fr') };
};

function packshotFiles(product: Product, plan: ViewPlan): DemoFile[] {
  const code = IMAGE_CATEGORIES[plan.view].code;
  const pad2 = (value: number) => String(value).padStart(2, '0');
  // GS1 file name of the view plus version and variant, so the file alone says what it shows.
  const base = `packshots/${toGtin14(product.gtin)}_${code}_s${pad2(plan.version)}_v${pad2(plan.variant)}`;
  const artwork: Artwork = {
    kind: 'packshot',
    product,
    view: plan.view,
    version: plan.version,
    variant: plan.variant,
  };
  const files: DemoFile[] = [{ path: `${base}.jpg`, mediaType: 1100, artwork }];
  if (plan.tiff) files.push({ path: `${base}.tif`, mediaType: 1200, artwork });
  if (plan.png) files.push({ path: `${base}.png`, mediaType: 1300, artwork });
  return files;
}

function countryAssets(country: Country, nodeIds: Map<string, number>): DemoAsset[] {
  return listCountryAssets(country, nodeIds).map((asset, index) => ({
    ...asset,
    id: ASSET_ID_BASE[country] + index + 1,
  }));
}

function listCountryAssets(country: Country, nodeIds: Map<string, number>): Omit<DemoAsset, 'id'>[] {
  const code = COUNTRY_CODES[country];
  const node = (key: string) => nodeIds.get(key)!;
  const assets: Omit<DemoAsset, 'id'>[] = [];
  for (const product of PRODUCTS) {
    const listed =
      country === 'germany' ||
      (country === 'austria' && product.brand.key === 'alpenkrone') ||
      randomFor(`${country}:${product.key}`)() < COUNTRY_SHARE[country];
    if (!listed) continue;
    const name = productName(product);
    for (const plan of viewPlan(product)) {
      const suffix = VIEW_SUFFIX(plan);
      assets.push({
        key: `demo-${code}-${product.key}-c${plan.view}-s${plan.version}-v${plan.variant}`,
        container: node(product.category),
        name: { de: name.de + suffix.de, en: name.en + suffix.en, fr: name.fr + suffix.fr },
        keywords: product.keywords,
        customFields: {
          '100': product.gtin,
          '102': String(plan.view),
          '103': String(plan.version),
          '104': String(plan.variant),
        },
        files: packshotFiles(product, plan),
      });
    }
  }
  for (const brand of Object.values(BRANDS) as Brand[]) {
    for (const style of Object.keys(LOGO_STYLE_NAMES) as LogoStyle[]) {
      const artwork: Artwork = { kind: 'logo', brand, style };
      const base = `logos/logo-${brand.key}-${style}`;
      const styleName = LOGO_STYLE_NAMES[style];
      assets.push({
        key: `demo-${code}-logo-${brand.key}-${style}`,
        container: node('logos.brands'),
        name: l3(
          `Logo ${brand.name} ${styleName.de}`,
          `${brand.name} logo ${styleName.en}`,
          `Logo ${brand.name} ${styleName.fr}`,
        ),
        keywords: ['Logo', brand.name, styleName.de, 'Marke', 'brand'],
        files: [
          { path: `${base}.jpg`, mediaType: 1100, artwork },
          { path: `${base}.eps`, mediaType: 1400, artwork },
        ],
      });
    }
  }
  for (const seal of SEALS) {
    for (const style of ['colour', 'black'] as LogoStyle[]) {
      const artwork: Artwork = { kind: 'seal', seal, style };
      const base = `logos/seal-${seal.key}-${style}`;
      const title = seal.ring.charAt(0) + seal.ring.slice(1).toLowerCase();
      const styleName = LOGO_STYLE_NAMES[style];
      assets.push({
        key: `demo-${code}-seal-${seal.key}-${style}`,
        container: node('logos.seals'),
        name: l3(
          `Siegel ${title} ${styleName.de}`,
          `Seal ${title} ${styleName.en}`,
          `Label ${title} ${styleName.fr}`,
        ),
        keywords: ['Siegel', 'seal', 'Logo', styleName.de],
        files: [
          { path: `${base}.jpg`, mediaType: 1100, artwork },
          { path: `${base}.eps`, mediaType: 1400, artwork },
        ],
      });
    }
  }
  ADVERT_PRODUCTS.forEach((productKey, index) => {
    const product = PRODUCTS.find((candidate) => candidate.key === productKey)!;
    const format = index < 4 ? 'a4' : 'shelf';
    const language = country === 'switzerland' && index % 2 === 1 ? 'fr' : 'de';
    const price = { germany: '4,99 €', austria: '5,29 €', switzerland: 'CHF 6.90' }[country];
    const advert: Advert = {
      key: `${code}-${productKey}-${format}`,
      format,
      product,
      language,
      headline: ADVERT_HEADLINES[language][index % 4]!,
      price,
    };
    const artwork: Artwork = { kind: 'advert', advert };
    const base = `adverts/${format === 'a4' ? 'anzeige' : 'regalstopper'}-${advert.key}`;
    const productTitle = productName(product);
    const kindName =
      format === 'a4' ? l3('Anzeige', 'Advert', 'Annonce') : l3('Regalstopper', 'Shelf talker', 'Stop-rayon');
    assets.push({
      key: `demo-${code}-advert-${productKey}-${format}`,
      container: node(format === 'a4' ? 'ads.adverts' : 'ads.shelf'),
      name: l3(
        `${kindName.de} ${productTitle.de}${language === 'fr' ? ' (französisch)' : ''}`,
        `${kindName.en} ${productTitle.en}${language === 'fr' ? ' (French)' : ''}`,
        `${kindName.fr} ${productTitle.fr}${language === 'fr' ? '' : ' (allemand)'}`,
      ),
      keywords: ['Werbung', 'Vorlage', 'template', kindName.de, product.brand.name],
      files: [
        { path: `${base}.jpg`, mediaType: 1100, artwork },
        { path: `${base}.pdf`, mediaType: 1500, artwork },
      ],
    });
  });
  return assets;
}

function countryNodes(country: Country): { nodes: DemoNode[]; ids: Map<string, number> } {
  const rootId = COUNTRY_ROOTS[country];
  const nodes: DemoNode[] = [{ id: rootId, parentId: null, name: ROOT_NAMES[country] }];
  const ids = new Map<string, number>();
  let nextId = NODE_ID_BASE[country];
  const visit = (spec: TreeSpec, parentId: number) => {
    const id = nextId;
    nextId += 1;
    const prefix = PREFIXES[country][spec.key];
    const name = prefix
      ? { de: `${prefix} ${spec.name.de}`, en: `${prefix} ${spec.name.en}`, fr: `${prefix} ${spec.name.fr}` }
      : spec.name;
    nodes.push({ id, parentId, name });
    ids.set(spec.key, id);
    for (const child of spec.children ?? []) visit(child, id);
  };
  for (const spec of TREE) visit(spec, rootId);
  return { nodes, ids };
}

/** The whole demo catalogue: three country trees and their assets. */
export function buildDemoCatalogue(): DemoCatalogue {
  const nodes: DemoNode[] = [];
  const assets: DemoAsset[] = [];
  for (const country of Object.keys(COUNTRY_ROOTS) as Country[]) {
    const tree = countryNodes(country);
    nodes.push(...tree.nodes);
    assets.push(...countryAssets(country, tree.ids));
  }
  return { nodes, assets };
}

/** Distinct files of the catalogue by path, in a stable order: what the generator has to render. */
export function distinctFiles(catalogue: DemoCatalogue): DemoFile[] {
  const byPath = new Map<string, DemoFile>();
  for (const asset of catalogue.assets) for (const file of asset.files) byPath.set(file.path, file);
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export type { ProductCategory };
