/**
 * The fictional brands and products of the demo catalogue. Every name here is invented for the demo
 * (no real trademarks); the operator of the demo portal is the fictional Nordstern Kaffee GmbH.
 */
export interface Localized {
  de: string;
  en: string;
  fr: string;
}

export const same = (text: string): Localized => ({ de: text, en: text, fr: text });
export const l3 = (de: string, en: string, fr: string): Localized => ({ de, en, fr });

export type Emblem = 'star' | 'sun' | 'mountain' | 'wave' | 'leaf' | 'bean';

export interface Brand {
  key: string;
  name: string;
  /** Serif word mark (traditional brands) or sans (modern ones). */
  serif: boolean;
  emblem: Emblem;
  /** Main brand colour and accent, as sRGB hex. */
  primary: string;
  accent: string;
}

export const BRANDS = {
  nordstern: {
    key: 'nordstern',
    name: 'Nordstern',
    serif: true,
    emblem: 'star',
    primary: '#1f2d4d',
    accent: '#c9a14a',
  },
  morgenrot: {
    key: 'morgenrot',
    name: 'Morgenrot',
    serif: false,
    emblem: 'sun',
    primary: '#b22a22',
    accent: '#f3a33a',
  },
  alpenkrone: {
    key: 'alpenkrone',
    name: 'Alpenkrone',
    serif: true,
    emblem: 'mountain',
    primary: '#2f5d3a',
    accent: '#d9c27a',
  },
  hafen: {
    key: 'hafen',
    name: 'Hafenrösterei',
    serif: false,
    emblem: 'wave',
    primary: '#16535c',
    accent: '#e3c79b',
  },
  seidenblatt: {
    key: 'seidenblatt',
    name: 'Seidenblatt',
    serif: true,
    emblem: 'leaf',
    primary: '#2d6f63',
    accent: '#d8b25a',
  },
  kakaoinsel: {
    key: 'kakaoinsel',
    name: 'Kakaoinsel',
    serif: false,
    emblem: 'bean',
    primary: '#5a3220',
    accent: '#e8912d',
  },
} as const satisfies Record<string, Brand>;
export type BrandKey = keyof typeof BRANDS;

/** Pack shapes the renderer can draw. */
export type PackShape = 'bag' | 'can' | 'jar' | 'capsules' | 'pads' | 'teabox' | 'pouch';

/** Leaf categories of the tree that hold products (see demo-catalogue.ts). */
export type ProductCategory =
  | 'coffee.beans.espresso'
  | 'coffee.beans.crema'
  | 'coffee.beans.classic'
  | 'coffee.ground'
  | 'coffee.capsules'
  | 'coffee.pads'
  | 'coffee.instant'
  | 'tea.black'
  | 'tea.green'
  | 'tea.herbal'
  | 'tea.fruit'
  | 'cocoa.powder'
  | 'cocoa.drinking';

export interface Product {
  key: string;
  brand: Brand;
  /** Product line, the big word on the label. */
  line: Localized;
  /** Kind of product, the small line under it. */
  kind: Localized;
  size: Localized;
  shape: PackShape;
  category: ProductCategory;
  /** Main colour of the pack (defaults to the brand colour). */
  colour: string;
  /** Roast strength 1–5 shown as beans on coffee packs. */
  strength?: number;
  keywords: string[];
  /** GTIN-13, assigned in order by demo-catalogue.ts. */
  gtin: string;
}

const KIND = {
  beans: l3('Ganze Bohne', 'Whole beans', 'Grains entiers'),
  ground: l3('Gemahlen', 'Ground', 'Moulu'),
  capsules: l3('Kapseln', 'Capsules', 'Capsules'),
  pads: l3('Kaffeepads', 'Coffee pods', 'Dosettes de café'),
  instant: l3('Instantkaffee', 'Instant coffee', 'Café soluble'),
  black: l3('Schwarztee', 'Black tea', 'Thé noir'),
  green: l3('Grüntee', 'Green tea', 'Thé vert'),
  herbal: l3('Kräutertee', 'Herbal tea', 'Tisane'),
  fruit: l3('Früchtetee', 'Fruit tea', 'Infusion de fruits'),
  cocoa: l3('Kakaopulver', 'Cocoa powder', 'Cacao en poudre'),
  drinking: l3('Trinkschokolade', 'Drinking chocolate', 'Chocolat à boire'),
};

const SIZE = {
  g: (grams: number) => same(grams >= 1000 ? `${grams / 1000} kg` : `${grams} g`),
  capsules: (count: number) => l3(`${count} Kapseln`, `${count} capsules`, `${count} capsules`),
  pads: (count: number) => l3(`${count} Pads`, `${count} pods`, `${count} dosettes`),
  bags: (count: number) => l3(`${count} Beutel`, `${count} tea bags`, `${count} sachets`),
  loose: (grams: number) => l3(`${grams} g lose`, `${grams} g loose`, `${grams} g en vrac`),
};

const CATEGORY_WORDS: Record<ProductCategory, string[]> = {
  'coffee.beans.espresso': ['Kaffee', 'Espresso', 'Bohnen', 'coffee', 'café'],
  'coffee.beans.crema': ['Kaffee', 'Caffè Crema', 'Bohnen', 'coffee', 'café'],
  'coffee.beans.classic': ['Kaffee', 'Röstkaffee', 'Bohnen', 'coffee', 'café'],
  'coffee.ground': ['Kaffee', 'gemahlen', 'Filterkaffee', 'coffee', 'café'],
  'coffee.capsules': ['Kaffee', 'Kapseln', 'capsules', 'coffee'],
  'coffee.pads': ['Kaffee', 'Pads', 'pods', 'dosettes'],
  'coffee.instant': ['Kaffee', 'Instant', 'löslich', 'soluble'],
  'tea.black': ['Tee', 'Schwarztee', 'tea', 'thé'],
  'tea.green': ['Tee', 'Grüntee', 'tea', 'thé'],
  'tea.herbal': ['Tee', 'Kräutertee', 'herbal', 'tisane'],
  'tea.fruit': ['Tee', 'Früchtetee', 'fruit', 'infusion'],
  'cocoa.powder': ['Kakao', 'cocoa', 'cacao'],
  'cocoa.drinking': ['Kakao', 'Trinkschokolade', 'chocolate', 'chocolat'],
};

type ProductInput = Omit<Product, 'brand' | 'gtin' | 'keywords' | 'colour'> & {
  brand: BrandKey;
  colour?: string;
};

const p = (input: ProductInput): ProductInput => input;

/** In catalogue order; the GTIN follows this order, so only append. */
const PRODUCT_INPUTS: ProductInput[] = [
  // Nordstern: the house brand.
  p({
    key: 'nordstern-kroenchen-beans-500',
    brand: 'nordstern',
    line: same('Krönchen'),
    kind: KIND.beans,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.beans.classic',
    strength: 3,
  }),
  p({
    key: 'nordstern-kroenchen-beans-1000',
    brand: 'nordstern',
    line: same('Krönchen'),
    kind: KIND.beans,
    size: SIZE.g(1000),
    shape: 'bag',
    category: 'coffee.beans.classic',
    strength: 3,
  }),
  p({
    key: 'nordstern-kroenchen-mild-beans-500',
    brand: 'nordstern',
    line: l3('Krönchen Mild', 'Krönchen Mild', 'Krönchen Doux'),
    kind: KIND.beans,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.beans.classic',
    strength: 2,
    colour: '#4f74a8',
  }),
  p({
    key: 'nordstern-kroenchen-ground-500',
    brand: 'nordstern',
    line: same('Krönchen'),
    kind: KIND.ground,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 3,
  }),
  p({
    key: 'nordstern-kroenchen-ground-250',
    brand: 'nordstern',
    line: same('Krönchen'),
    kind: KIND.ground,
    size: SIZE.g(250),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 3,
  }),
  p({
    key: 'nordstern-kroenchen-mild-ground-500',
    brand: 'nordstern',
    line: l3('Krönchen Mild', 'Krönchen Mild', 'Krönchen Doux'),
    kind: KIND.ground,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 2,
    colour: '#4f74a8',
  }),
  p({
    key: 'nordstern-kroenchen-decaf-ground-500',
    brand: 'nordstern',
    line: l3('Krönchen Entkoffeiniert', 'Krönchen Decaf', 'Krönchen Décaféiné'),
    kind: KIND.ground,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 2,
    colour: '#2e6b4f',
  }),
  p({
    key: 'nordstern-crema-beans-1000',
    brand: 'nordstern',
    line: same('Caffè Crema'),
    kind: KIND.beans,
    size: SIZE.g(1000),
    shape: 'bag',
    category: 'coffee.beans.crema',
    strength: 3,
    colour: '#8a5a36',
  }),
  p({
    key: 'nordstern-espresso-beans-1000',
    brand: 'nordstern',
    line: same('Espresso'),
    kind: KIND.beans,
    size: SIZE.g(1000),
    shape: 'bag',
    category: 'coffee.beans.espresso',
    strength: 5,
    colour: '#1d1a19',
  }),
  p({
    key: 'nordstern-capsules-espresso',
    brand: 'nordstern',
    line: same('Espresso'),
    kind: KIND.capsules,
    size: SIZE.capsules(10),
    shape: 'capsules',
    category: 'coffee.capsules',
    strength: 4,
  }),
  p({
    key: 'nordstern-capsules-lungo',
    brand: 'nordstern',
    line: same('Lungo'),
    kind: KIND.capsules,
    size: SIZE.capsules(10),
    shape: 'capsules',
    category: 'coffee.capsules',
    strength: 3,
    colour: '#6d4a8c',
  }),
  p({
    key: 'nordstern-capsules-ristretto',
    brand: 'nordstern',
    line: same('Ristretto'),
    kind: KIND.capsules,
    size: SIZE.capsules(10),
    shape: 'capsules',
    category: 'coffee.capsules',
    strength: 5,
    colour: '#1d1a19',
  }),
  p({
    key: 'nordstern-pads-classic',
    brand: 'nordstern',
    line: l3('Klassisch', 'Classic', 'Classique'),
    kind: KIND.pads,
    size: SIZE.pads(16),
    shape: 'pads',
    category: 'coffee.pads',
    strength: 3,
  }),
  p({
    key: 'nordstern-pads-mild',
    brand: 'nordstern',
    line: l3('Mild', 'Mild', 'Doux'),
    kind: KIND.pads,
    size: SIZE.pads(16),
    shape: 'pads',
    category: 'coffee.pads',
    strength: 2,
    colour: '#4f74a8',
  }),
  p({
    key: 'nordstern-instant-gold',
    brand: 'nordstern',
    line: same('Gold'),
    kind: KIND.instant,
    size: SIZE.g(200),
    shape: 'jar',
    category: 'coffee.instant',
    strength: 3,
  }),
  p({
    key: 'nordstern-instant-decaf',
    brand: 'nordstern',
    line: l3('Entkoffeiniert', 'Decaf', 'Décaféiné'),
    kind: KIND.instant,
    size: SIZE.g(100),
    shape: 'jar',
    category: 'coffee.instant',
    strength: 2,
    colour: '#2e6b4f',
  }),
  // Morgenrot: the espresso brand.
  p({
    key: 'morgenrot-espresso-classico',
    brand: 'morgenrot',
    line: same('Espresso Classico'),
    kind: KIND.beans,
    size: SIZE.g(1000),
    shape: 'bag',
    category: 'coffee.beans.espresso',
    strength: 4,
  }),
  p({
    key: 'morgenrot-espresso-intenso',
    brand: 'morgenrot',
    line: same('Espresso Intenso'),
    kind: KIND.beans,
    size: SIZE.g(1000),
    shape: 'bag',
    category: 'coffee.beans.espresso',
    strength: 5,
    colour: '#6e1511',
  }),
  p({
    key: 'morgenrot-espresso-dolce',
    brand: 'morgenrot',
    line: same('Espresso Dolce'),
    kind: KIND.beans,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.beans.espresso',
    strength: 3,
    colour: '#d0672a',
  }),
  p({
    key: 'morgenrot-crema-sole',
    brand: 'morgenrot',
    line: same('Crema Sole'),
    kind: KIND.beans,
    size: SIZE.g(1000),
    shape: 'bag',
    category: 'coffee.beans.crema',
    strength: 3,
    colour: '#c9822b',
  }),
  p({
    key: 'morgenrot-ground-sunrise',
    brand: 'morgenrot',
    line: l3('Sonnenaufgang', 'Sunrise', 'Lever du soleil'),
    kind: KIND.ground,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 3,
  }),
  p({
    key: 'morgenrot-capsules-intenso',
    brand: 'morgenrot',
    line: same('Intenso'),
    kind: KIND.capsules,
    size: SIZE.capsules(10),
    shape: 'capsules',
    category: 'coffee.capsules',
    strength: 5,
    colour: '#6e1511',
  }),
  p({
    key: 'morgenrot-capsules-crema',
    brand: 'morgenrot',
    line: same('Crema'),
    kind: KIND.capsules,
    size: SIZE.capsules(10),
    shape: 'capsules',
    category: 'coffee.capsules',
    strength: 3,
    colour: '#c9822b',
  }),
  p({
    key: 'morgenrot-instant-crema',
    brand: 'morgenrot',
    line: same('Crema'),
    kind: KIND.instant,
    size: SIZE.g(100),
    shape: 'jar',
    category: 'coffee.instant',
    strength: 3,
  }),
  // Alpenkrone: the Austrian favourite.
  p({
    key: 'alpenkrone-hausmischung-beans',
    brand: 'alpenkrone',
    line: l3('Hausmischung', 'House blend', 'Mélange maison'),
    kind: KIND.beans,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.beans.classic',
    strength: 3,
  }),
  p({
    key: 'alpenkrone-melange-ground',
    brand: 'alpenkrone',
    line: same('Melange'),
    kind: KIND.ground,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 3,
    colour: '#7a4b2a',
  }),
  p({
    key: 'alpenkrone-verlaengerter-ground',
    brand: 'alpenkrone',
    line: l3('Verlängerter', 'Verlängerter', 'Verlängerter'),
    kind: KIND.ground,
    size: SIZE.g(250),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 2,
    colour: '#3f7f8c',
  }),
  p({
    key: 'alpenkrone-wiener-beans',
    brand: 'alpenkrone',
    line: l3('Wiener Mischung', 'Viennese blend', 'Mélange viennois'),
    kind: KIND.beans,
    size: SIZE.g(1000),
    shape: 'bag',
    category: 'coffee.beans.crema',
    strength: 4,
    colour: '#8c1d2b',
  }),
  p({
    key: 'alpenkrone-pads-melange',
    brand: 'alpenkrone',
    line: same('Melange'),
    kind: KIND.pads,
    size: SIZE.pads(16),
    shape: 'pads',
    category: 'coffee.pads',
    strength: 3,
    colour: '#7a4b2a',
  }),
  // Hafenrösterei: small-batch roaster.
  p({
    key: 'hafen-kapitaen-beans',
    brand: 'hafen',
    line: l3('Kapitänsmischung', "Captain's blend", 'Mélange du capitaine'),
    kind: KIND.beans,
    size: SIZE.g(1000),
    shape: 'bag',
    category: 'coffee.beans.classic',
    strength: 4,
  }),
  p({
    key: 'hafen-lotsen-ground',
    brand: 'hafen',
    line: l3('Lotsenkaffee', "Pilot's coffee", 'Café du pilote'),
    kind: KIND.ground,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 3,
    colour: '#2b3f5c',
  }),
  p({
    key: 'hafen-nebelhorn-espresso',
    brand: 'hafen',
    line: same('Nebelhorn Espresso'),
    kind: KIND.beans,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.beans.espresso',
    strength: 5,
    colour: '#262626',
  }),
  p({
    key: 'hafen-leuchtfeuer-ground',
    brand: 'hafen',
    line: l3('Leuchtfeuer', 'Beacon', 'Phare'),
    kind: KIND.ground,
    size: SIZE.g(500),
    shape: 'bag',
    category: 'coffee.ground',
    strength: 3,
    colour: '#b8452e',
  }),
  p({
    key: 'hafen-pads-strong',
    brand: 'hafen',
    line: l3('Kräftig', 'Strong', 'Corsé'),
    kind: KIND.pads,
    size: SIZE.pads(16),
    shape: 'pads',
    category: 'coffee.pads',
    strength: 4,
  }),
  // Seidenblatt: teas.
  p({
    key: 'seidenblatt-earl-grey',
    brand: 'seidenblatt',
    line: same('Earl Grey'),
    kind: KIND.black,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.black',
    colour: '#3d4a7a',
  }),
  p({
    key: 'seidenblatt-assam',
    brand: 'seidenblatt',
    line: l3('Assam Kräftig', 'Assam Strong', 'Assam Corsé'),
    kind: KIND.black,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.black',
    colour: '#8a2f2f',
  }),
  p({
    key: 'seidenblatt-darjeeling',
    brand: 'seidenblatt',
    line: same('Darjeeling First Flush'),
    kind: KIND.black,
    size: SIZE.loose(100),
    shape: 'pouch',
    category: 'tea.black',
    colour: '#6b4f2a',
  }),
  p({
    key: 'seidenblatt-english',
    brand: 'seidenblatt',
    line: l3('Englische Mischung', 'English blend', 'Mélange anglais'),
    kind: KIND.black,
    size: SIZE.bags(25),
    shape: 'teabox',
    category: 'tea.black',
    colour: '#23395d',
  }),
  p({
    key: 'seidenblatt-sencha',
    brand: 'seidenblatt',
    line: same('Sencha'),
    kind: KIND.green,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.green',
    colour: '#5c8a3a',
  }),
  p({
    key: 'seidenblatt-jasmin',
    brand: 'seidenblatt',
    line: l3('Jasmin', 'Jasmine', 'Jasmin'),
    kind: KIND.green,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.green',
    colour: '#7d9c5b',
  }),
  p({
    key: 'seidenblatt-green-lemon',
    brand: 'seidenblatt',
    line: l3('Grüntee Zitrone', 'Green tea lemon', 'Thé vert citron'),
    kind: KIND.green,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.green',
    colour: '#9bb53c',
  }),
  p({
    key: 'seidenblatt-peppermint',
    brand: 'seidenblatt',
    line: l3('Pfefferminze', 'Peppermint', 'Menthe poivrée'),
    kind: KIND.herbal,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.herbal',
    colour: '#2f8f6a',
  }),
  p({
    key: 'seidenblatt-camomile',
    brand: 'seidenblatt',
    line: l3('Kamille', 'Camomile', 'Camomille'),
    kind: KIND.herbal,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.herbal',
    colour: '#d9b23c',
  }),
  p({
    key: 'seidenblatt-rooibos',
    brand: 'seidenblatt',
    line: l3('Rooibos Vanille', 'Rooibos vanilla', 'Rooibos vanille'),
    kind: KIND.herbal,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.herbal',
    colour: '#b5562b',
  }),
  p({
    key: 'seidenblatt-ginger-lemon',
    brand: 'seidenblatt',
    line: l3('Ingwer Zitrone', 'Ginger lemon', 'Gingembre citron'),
    kind: KIND.herbal,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.herbal',
    colour: '#e0a526',
  }),
  p({
    key: 'seidenblatt-alpine-herbs',
    brand: 'seidenblatt',
    line: l3('Alpenkräuter', 'Alpine herbs', 'Herbes des Alpes'),
    kind: KIND.herbal,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.herbal',
    colour: '#4c7a4a',
  }),
  p({
    key: 'seidenblatt-forest-berry',
    brand: 'seidenblatt',
    line: l3('Waldbeere', 'Forest berry', 'Fruits des bois'),
    kind: KIND.fruit,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.fruit',
    colour: '#7b2350',
  }),
  p({
    key: 'seidenblatt-apple-cinnamon',
    brand: 'seidenblatt',
    line: l3('Apfel Zimt', 'Apple cinnamon', 'Pomme cannelle'),
    kind: KIND.fruit,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.fruit',
    colour: '#b83a26',
  }),
  p({
    key: 'seidenblatt-rosehip',
    brand: 'seidenblatt',
    line: l3('Hagebutte Hibiskus', 'Rosehip hibiscus', 'Églantier hibiscus'),
    kind: KIND.fruit,
    size: SIZE.bags(20),
    shape: 'teabox',
    category: 'tea.fruit',
    colour: '#c23b55',
  }),
  p({
    key: 'seidenblatt-peach-passion',
    brand: 'seidenblatt',
    line: l3('Pfirsich Maracuja', 'Peach passion fruit', 'Pêche maracuja'),
    kind: KIND.fruit,
    size: SIZE.loose(100),
    shape: 'pouch',
    category: 'tea.fruit',
    colour: '#e67e3a',
  }),
  // Kakaoinsel: cocoa and drinking chocolate.
  p({
    key: 'kakaoinsel-cocoa-250',
    brand: 'kakaoinsel',
    line: l3('Kakao Fein', 'Fine cocoa', 'Cacao fin'),
    kind: KIND.cocoa,
    size: SIZE.g(250),
    shape: 'can',
    category: 'cocoa.powder',
  }),
  p({
    key: 'kakaoinsel-cocoa-stars',
    brand: 'kakaoinsel',
    line: l3('Kakao Sternchen', 'Cocoa stars', 'Cacao étoiles'),
    kind: KIND.cocoa,
    size: SIZE.g(500),
    shape: 'can',
    category: 'cocoa.powder',
    colour: '#e2a13a',
  }),
  p({
    key: 'kakaoinsel-drinking-classic',
    brand: 'kakaoinsel',
    line: l3('Klassik', 'Classic', 'Classique'),
    kind: KIND.drinking,
    size: SIZE.g(400),
    shape: 'can',
    category: 'cocoa.drinking',
    colour: '#7a4327',
  }),
  p({
    key: 'kakaoinsel-drinking-dark',
    brand: 'kakaoinsel',
    line: l3('Zartbitter', 'Dark', 'Noir'),
    kind: KIND.drinking,
    size: SIZE.g(250),
    shape: 'pouch',
    category: 'cocoa.drinking',
    colour: '#2e1a12',
  }),
  p({
    key: 'kakaoinsel-drinking-white',
    brand: 'kakaoinsel',
    line: l3('Weiße Schokolade', 'White chocolate', 'Chocolat blanc'),
    kind: KIND.drinking,
    size: SIZE.g(250),
    shape: 'pouch',
    category: 'cocoa.drinking',
    colour: '#c9b48f',
  }),
  p({
    key: 'kakaoinsel-drinking-chili',
    brand: 'kakaoinsel',
    line: l3('Chili', 'Chili', 'Piment'),
    kind: KIND.drinking,
    size: SIZE.g(250),
    shape: 'pouch',
    category: 'cocoa.drinking',
    colour: '#a3261b',
  }),
];

/** GTIN-13 in the fictional range 4000000…: company prefix + item number + check digit. */
export function buildProducts(gtinFor: (index: number) => string): Product[] {
  return PRODUCT_INPUTS.map((input, index) => {
    const brand = BRANDS[input.brand];
    const sizeWord = input.size.de;
    return {
      ...input,
      brand,
      colour: input.colour ?? brand.primary,
      gtin: gtinFor(index),
      keywords: [brand.name, ...CATEGORY_WORDS[input.category], sizeWord],
    };
  });
}
