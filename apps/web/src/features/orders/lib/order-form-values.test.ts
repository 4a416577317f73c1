import { describe, expect, it } from 'vitest';
import { order } from '../testing/order-fixtures';
import {
  changedValues,
  emptyOrderValues,
  fieldsLocked,
  orderIssues,
  orderValuesOf,
  saveValues,
  tickByName,
  withArticle,
} from './order-form-values';

const packshot = () => emptyOrderValues().packshot;

describe('tickByName', () => {
  it('ticks tray for "regalkarton" and display for "display", in any case', () => {
    expect(tickByName('', 'Crema REGALKARTON 6x', packshot())).toMatchObject({ tray: true, display: false });
    expect(tickByName('', 'Crema Thekendisplay', packshot())).toMatchObject({ tray: false, display: true });
  });

  it('never unticks, and does not re-tick what the user unticked while the word stays', () => {
    const ticked = { ...packshot(), tray: true, display: true };
    expect(tickByName('Crema Regalkarton', 'Crema', ticked)).toMatchObject({ tray: true, display: true });
    expect(tickByName('Crema Regalkarton', 'Crema Regalkarton 6x', packshot()).tray).toBe(false);
  });
});

describe('withArticle', () => {
  it('fills the other number, the name and exactly the countries of the article', () => {
    const values = { ...emptyOrderValues(), gtin: '4006067084218', at: true };
    const filled = withArticle(values, 'gtin', {
      articleId: 'ART-1',
      gtin: '04006067084218',
      name: 'Crema Display',
      country: 'de,ch',
    });
    expect(filled).toMatchObject({ gtin: '4006067084218', articleId: 'ART-1', name: 'Crema Display' });
    expect([filled.de, filled.at, filled.ch]).toEqual([true, false, true]);
    expect(filled.packshot.display).toBe(true);
  });
});

describe('fieldsLocked', () => {
  it('locks a change order until data or image change is ticked', () => {
    expect(fieldsLocked({ new: 'no', change: { data: false, packshot: false } })).toBe(true);
    expect(fieldsLocked({ new: 'no', change: { data: false, packshot: true } })).toBe(false);
    expect(fieldsLocked({ new: 'delete', change: { data: false, packshot: false } })).toBe(false);
  });
});

describe('saveValues and changedValues', () => {
  it('saves no GTIN of an unticked packshot type and no change kinds outside a change order', () => {
    const values = emptyOrderValues();
    values.change = { data: true, packshot: false };
    values.packshot = {
      ...values.packshot,
      tray: true,
      gtin: { ...values.packshot.gtin, tray: '1', single: '2' },
    };
    const saved = saveValues(values);
    expect(saved.packshot.gtin).toEqual({ ecommerce: '', single: '', tray: '1', display: '' });
    expect(saved.change).toEqual({ data: false, packshot: false });
  });

  it('lists only the fields that differ from the order', () => {
    const initial = orderValuesOf(order(42));
    const current = { ...initial, name: 'Neu', ch: true };
    expect(changedValues(initial, current)).toEqual({ name: 'Neu', ch: true });
    expect(changedValues(initial, { ...initial })).toEqual({});
  });
});

describe('orderIssues', () => {
  it("applies the contract's rules by field path", () => {
    const values = { ...emptyOrderValues(), vertretung: 'kein-mail', internalDate: '' };
    expect(orderIssues(values)).toEqual({
      name: 'errors.required',
      vertretung: 'order.errors.invalidRecipient',
    });
    expect(orderIssues({ ...values, name: 'Crema', vertretung: 'a@example.com, b@example.com' })).toEqual({});
  });
});
