import { describe, expect, it } from 'vitest';
import { adminAsset } from '../testing/admin-fixtures';
import { assetChanges, assetFormValues } from './asset-form';

describe('asset form', () => {
  const asset = adminAsset(31);

  it('starts from the stored asset, en and fr empty when they fall back to German', () => {
    expect(assetFormValues(asset).name).toEqual({ de: 'Kaffee 31', en: 'Coffee 31', fr: '' });
  });

  it('sends nothing when nothing changed, blanks around the values included', () => {
    const values = assetFormValues(asset);
    expect(assetChanges(asset, values)).toBeNull();
    expect(assetChanges(asset, { ...values, keywords: ` ${values.keywords} ` })).toBeNull();
  });

  it('sends only the changed parts, the names together and trimmed', () => {
    const values = assetFormValues(asset);
    expect(
      assetChanges(asset, {
        ...values,
        name: { ...values.name, fr: ' Café 31 ' },
        customFields: { ...values.customFields, 103: '2', 101: '' },
        container: 12,
      }),
    ).toEqual({
      name: { de: 'Kaffee 31', en: 'Coffee 31', fr: 'Café 31' },
      customFields: { 103: '2' },
      container: 12,
    });
    expect(assetChanges(asset, { ...values, customFields: { ...values.customFields, 100: '' } })).toEqual({
      customFields: { 100: '' },
    });
  });
});
