import { describe, expect, it } from 'vitest';
import { asset } from '../testing/fixtures';
import {
  gtinProductCount,
  productCardSelectionIds,
  productsOfResults,
  viewsOfProduct,
} from './products-of-results';

const COFFEE = '04006067084218';
const TEA = '04006067000019';
const view = (id: number, gtin: string | null, category?: number) =>
  asset(id, {
    gtin,
    customFields:
      category === undefined
        ? []
        : [{ fieldId: 102, name: { de: 'Bildkategorie' }, value: String(category) }],
  });

describe('productsOfResults (issue 22.7)', () => {
  it('folds views of one GTIN into one product where its first view was, keeping result order', () => {
    const products = productsOfResults([view(1, COFFEE, 5), view(2, null), view(3, TEA), view(4, COFFEE, 1)]);
    expect(products.map((product) => product.matched.map((match) => match.id))).toEqual([[1, 4], [2], [3]]);
    expect(products.map((product) => product.gtin)).toEqual([COFFEE, null, TEA]);
    expect(gtinProductCount(products)).toBe(2);
  });

  it('takes the 13 and 14-digit spellings of a GTIN as one product', () => {
    const products = productsOfResults([view(1, COFFEE), view(2, COFFEE.slice(1))]);
    expect(products).toHaveLength(1);
    expect(products[0]!.matched.map((match) => match.id)).toEqual([1, 2]);
  });

  it('lets a later page join the card of an already shown product instead of making a new one', () => {
    const first = [view(1, COFFEE), view(2, TEA)];
    const before = productsOfResults(first);
    const after = productsOfResults([...first, view(3, null), view(4, TEA), view(5, COFFEE)]);
    expect(after.slice(0, 2).map((product) => product.key)).toEqual(before.map((product) => product.key));
    expect(after.map((product) => product.matched.map((match) => match.id))).toEqual([[1, 5], [2, 4], [3]]);
  });

  it('counts a repeated hit once', () => {
    expect(productsOfResults([view(1, COFFEE), view(1, COFFEE)])[0]!.matched).toHaveLength(1);
  });
});

describe('viewsOfProduct', () => {
  it('keeps the server views and adds matched ones it did not answer, front first', () => {
    const [product] = productsOfResults([view(9, COFFEE, 5), view(8, COFFEE, 1)]);
    expect(viewsOfProduct(product!, undefined).map((one) => one.id)).toEqual([8, 9]);
    const answered = [view(8, COFFEE, 1), view(7, COFFEE, 2)];
    expect(viewsOfProduct(product!, answered).map((one) => one.id)).toEqual([8, 7, 9]);
  });
});

describe('productCardSelectionIds', () => {
  const views = [view(1, COFFEE, 1), view(2, COFFEE, 2), view(3, COFFEE, 5)];
  it('stands for every view unless some are picked, in view order', () => {
    expect(productCardSelectionIds(views, undefined)).toEqual([1, 2, 3]);
    expect(productCardSelectionIds(views, new Set([3, 1]))).toEqual([1, 3]);
    expect(productCardSelectionIds(views, new Set())).toEqual([]);
  });
});
