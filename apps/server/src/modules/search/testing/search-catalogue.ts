import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/**
 * Test-only: a small coffee/tea/cocoa catalogue written straight into the catalogue tables, with
 * the fields search reads (names in three languages, keywords, description, GTIN).
 */
export interface CatalogueAsset {
  key: string;
  container: number;
  root?: number;
  de: string;
  en?: string;
  fr?: string;
  keywords?: string;
  description?: string;
  gtin?: string;
}

export const NODES = [
  { id: 1, parent: null, root: 1, de: 'Deutschland', en: 'Germany', fr: 'Allemagne' },
  { id: 10, parent: 1, root: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
  { id: 11, parent: 10, root: 1, de: 'Ganze Bohnen', en: 'Whole beans', fr: 'Grains entiers' },
  { id: 20, parent: 1, root: 1, de: 'Tee', en: 'Tea', fr: 'Thé' },
  { id: 30, parent: 1, root: 1, de: 'Kakao', en: 'Cocoa', fr: 'Cacao' },
  { id: 123, parent: null, root: 123, de: 'Österreich', en: 'Austria', fr: 'Autriche' },
  { id: 130, parent: 123, root: 123, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
  { id: 658, parent: null, root: 658, de: 'Schweiz', en: 'Switzerland', fr: 'Suisse' },
];

export const ASSETS: CatalogueAsset[] = [
  {
    key: 'kroenung',
    container: 11,
    de: 'Jacobs Krönung Kaffeebohnen 500 g',
    en: 'Jacobs Krönung coffee beans 500 g',
    fr: 'Jacobs Krönung café en grains 500 g',
    keywords: 'röstkaffee ganze bohne',
    gtin: '04000417020009',
  },
  {
    key: 'cafeCreme',
    container: 10,
    de: 'Café Crème',
    en: 'Café Crème',
    fr: 'Café crème',
    keywords: 'kaffee mild',
    gtin: '08711000530085',
  },
  { key: 'tassimo', container: 10, de: 'Tassimo Latte Macchiato', keywords: 'milchkaffee kapseln' },
  { key: 'milka', container: 30, de: 'Milka Kakao', description: 'Trinkschokolade für Kinder' },
  {
    key: 'teekanne',
    container: 20,
    de: 'Teekanne Früchtetee',
    en: 'Teekanne fruit tea',
    keywords: 'früchte',
  },
  { key: 'strasse', container: 10, de: 'Straßenkaffee Espresso', keywords: 'to go' },
  { key: 'mokkaName', container: 10, de: 'Mokka Bohnen', keywords: 'arabica' },
  { key: 'mokkaKeyword', container: 10, de: 'Espresso Classico', keywords: 'mokka stark' },
  {
    key: 'mokkaDescription',
    container: 10,
    de: 'Caffè Crema',
    description: 'Ein milder Mokka für jeden Tag',
  },
  { key: 'creme', container: 10, de: 'Kaffee Creme Pads' },
  { key: 'dallmayr', container: 10, de: 'Dallmayr Prodomo', keywords: 'röstkaffee' },
  {
    key: 'austria',
    container: 130,
    root: 123,
    de: 'Jacobs Krönung Kaffeebohnen 1 kg',
    gtin: '04000417020016',
  },
];

/** Inserts the nodes and assets; answers asset ids by key. */
export async function insertCatalogue(
  db: Kysely<Database>,
  assets = ASSETS,
): Promise<Record<string, number>> {
  const now = Date.UTC(2026, 10, 22);
  // Once per database: a second call adds assets only. The country roots are there already when
  // the database is migrated to the end (20261126-0015), not when a test stops before that.
  for (const node of NODES) {
    await db
      .insertInto('nodes')
      .values({
        id: node.id,
        parent_id: node.parent,
        root_id: node.root,
        name_de: node.de,
        name_en: node.en,
        name_fr: node.fr,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  const ids: Record<string, number> = {};
  for (const asset of assets) {
    const row = await db
      .insertInto('assets')
      .values({
        container_id: asset.container,
        root_id: asset.root ?? 1,
        name_de: asset.de,
        name_en: asset.en ?? null,
        name_fr: asset.fr ?? null,
        keywords: asset.keywords ?? '',
        description: asset.description ?? '',
        gtin: asset.gtin ?? null,
        gtin_number: asset.gtin ? Number(asset.gtin) : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[asset.key] = row.id;
  }
  return ids;
}
