import { COUNTRY_ROOTS, IMAGE_CATEGORIES, isValidGtin } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { ManifestAsset, ManifestNode, ManifestTopLevel } from '../catalogue/import/manifest.js';
import { buildDemoCatalogue, distinctFiles } from './demo-catalogue.js';
import { demoManifest } from './demo-generator.js';
import { ean13Modules } from './ean13-barcode.js';

/** The catalogue as data (no files): shape, ids, GTINs, tree. Rendering is tested in demo-generator.test.ts. */
describe('demo catalogue', () => {
  const catalogue = buildDemoCatalogue();
  const manifest = demoManifest(catalogue);

  it('is the same on every build (seeded, no Math.random)', () => {
    expect(JSON.stringify(demoManifest(buildDemoCatalogue()))).toBe(JSON.stringify(manifest));
  });

  it('fits the import manifest schema', () => {
    expect(ManifestTopLevel.safeParse(manifest).success).toBe(true);
    for (const node of manifest.nodes) expect(ManifestNode.safeParse(node).error).toBeUndefined();
    for (const asset of manifest.assets) expect(ManifestAsset.safeParse(asset).error).toBeUndefined();
  });

  it('has about 600 assets in all three countries, with unique ids', () => {
    expect(catalogue.assets.length).toBeGreaterThanOrEqual(550);
    expect(catalogue.assets.length).toBeLessThanOrEqual(680);
    const ids = catalogue.assets.map((asset) => asset.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rootOf = rootLookup(catalogue.nodes);
    for (const root of Object.values(COUNTRY_ROOTS)) {
      expect(catalogue.assets.filter((asset) => rootOf(asset.container) === root).length).toBeGreaterThan(
        120,
      );
    }
  });

  it('has the three country roots, sub-levels and some three-digit prefixes', () => {
    const roots = catalogue.nodes.filter((node) => node.parentId === null).map((node) => node.id);
    expect(roots.sort((a, b) => a - b)).toEqual([1, 123, 658]);
    const ids = new Set(catalogue.nodes.map((node) => node.id));
    expect(ids.size).toBe(catalogue.nodes.length);
    for (const node of catalogue.nodes) if (node.parentId !== null) expect(ids.has(node.parentId)).toBe(true);
    const depth = depthLookup(catalogue.nodes);
    expect(Math.max(...catalogue.nodes.map((node) => depth(node.id)))).toBe(3);
    const prefixed = catalogue.nodes.filter((node) => /^\d{3} /.test(node.name.de));
    expect(prefixed.length).toBeGreaterThanOrEqual(5);
    expect(catalogue.nodes.filter((node) => !/^\d{3} /.test(node.name.de)).length).toBeGreaterThan(
      prefixed.length,
    );
    // Every node has names in all three languages; assets sit in existing nodes only.
    for (const node of catalogue.nodes) expect(node.name.en && node.name.fr).toBeTruthy();
    for (const asset of catalogue.assets) expect(ids.has(asset.container)).toBe(true);
  });

  it('gives every product asset a valid GTIN-13 of the fictional 4000000 range and a known image category', () => {
    const withGtin = catalogue.assets.filter((asset) => asset.customFields?.['100']);
    expect(withGtin.length).toBeGreaterThan(400);
    for (const asset of withGtin) {
      const fields = asset.customFields!;
      expect(isValidGtin(fields['100']!)).toBe(true);
      expect(fields['100']).toMatch(/^4000000\d{6}$/);
      expect(Number(fields['102'])).toBeGreaterThanOrEqual(1);
      expect(Object.keys(IMAGE_CATEGORIES)).toContain(fields['102']);
      expect(Number(fields['103'])).toBeGreaterThanOrEqual(1);
      expect(Number(fields['104'])).toBeGreaterThanOrEqual(1);
    }
  });

  it('shows several views of one product under one GTIN, and versions and variants', () => {
    const categoriesByGtin = new Map<string, Set<string>>();
    for (const asset of catalogue.assets) {
      const fields = asset.customFields;
      if (!fields?.['100']) continue;
      const set = categoriesByGtin.get(fields['100']) ?? new Set<string>();
      set.add(fields['102']!);
      categoriesByGtin.set(fields['100'], set);
    }
    const multiView = [...categoriesByGtin.values()].filter((set) =>
      ['1', '2', '3', '5'].every((c) => set.has(c)),
    );
    expect(multiView.length).toBeGreaterThan(10);
    expect(catalogue.assets.some((asset) => asset.customFields?.['103'] === '2')).toBe(true);
    expect(catalogue.assets.some((asset) => asset.customFields?.['104'] === '2')).toBe(true);
  });

  it('uses every media type and gives every asset a main JPEG (the asset page needs 1100)', () => {
    const types = new Set(distinctFiles(catalogue).map((file) => file.mediaType));
    expect([...types].sort()).toEqual([1100, 1200, 1300, 1400, 1500]);
    for (const asset of catalogue.assets)
      expect(asset.files.some((file) => file.mediaType === 1100)).toBe(true);
  });

  it('draws barcodes that follow EAN-13', () => {
    // Known pattern of 4006381333931 (a textbook example): left guard, first digit 4 -> parity LGLLGG.
    const modules = ean13Modules('4006381333931');
    expect(modules).toHaveLength(95);
    expect(modules.slice(0, 3)).toBe('101');
    expect(modules.slice(3, 10)).toBe('0001101'); // 0 in L
    expect(modules.slice(10, 17)).toBe('0100111'); // 0 in G
    expect(modules.slice(45, 50)).toBe('01010');
    expect(modules.slice(92)).toBe('101');
  });
});

function rootLookup(nodes: { id: number; parentId: number | null }[]) {
  const parent = new Map(nodes.map((node) => [node.id, node.parentId]));
  return (id: number): number => {
    let current = id;
    while (parent.get(current) !== null && parent.get(current) !== undefined) current = parent.get(current)!;
    return current;
  };
}

function depthLookup(nodes: { id: number; parentId: number | null }[]) {
  const parent = new Map(nodes.map((node) => [node.id, node.parentId]));
  return (id: number): number => {
    let depth = 0;
    let current = parent.get(id);
    while (current !== null && current !== undefined) {
      depth += 1;
      current = parent.get(current);
    }
    return depth;
  };
}
