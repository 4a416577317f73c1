import { ErrorCodes } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { adminPreset, shopSettings } from '../testing/admin-fixtures';
import { NEW_PRESET_VALUES, checkPresetForm, presetChanges, presetFormValues } from './preset-form';

const named = { ...NEW_PRESET_VALUES, name: { de: 'Web', en: 'Web', fr: 'Web' }, fileSuffix: '_web' };

describe('preset form', () => {
  it('gives back a preset’s own settings unchanged, so an untouched form changes nothing', () => {
    const preset = adminPreset(1, {
      settings: shopSettings({
        maxBytes: 1_500_000,
        size: { mode: 'pad', width: 100, height: 200, background: '#F0F0F0' },
      }),
    });
    const checked = checkPresetForm(presetFormValues(preset));
    expect(checked.request?.settings).toEqual(preset.settings);
    expect(presetChanges(preset, checked.request!)).toBeNull();
  });

  it('sends megabytes as bytes for JPEG, and no size target for other formats', () => {
    const jpeg = checkPresetForm({ ...named, jpegTarget: 'size', megabytes: '0,75' });
    expect(jpeg.request?.settings.maxBytes).toBe(750_000);
    const png = checkPresetForm({ ...named, format: 'png', jpegTarget: 'size', megabytes: '0,75' });
    expect(png.request?.settings.maxBytes).toBeNull();
  });

  it('keeps the background only for padding', () => {
    expect(checkPresetForm({ ...named, mode: 'crop' }).request?.settings.size).toEqual({
      mode: 'crop',
      width: 1000,
      height: 1000,
    });
  });

  it('answers empty, fractional and non-numeric numbers with the contract’s "out of range" at their field', () => {
    const checked = checkPresetForm({ ...named, width: '', height: '12.5', dpi: 'abc' });
    expect(checked.errors).toEqual({
      'settings.size.width': ErrorCodes.presetOutOfRange,
      'settings.size.height': ErrorCodes.presetOutOfRange,
      'settings.dpi': ErrorCodes.presetOutOfRange,
    });
  });

  it('names only the changed part of an edit', () => {
    const preset = adminPreset(1);
    const values = presetFormValues(preset);
    const renamed = checkPresetForm({ ...values, name: { ...values.name, fr: 'Neuf' } }).request!;
    expect(presetChanges(preset, renamed)).toEqual({ name: { ...preset.name, fr: 'Neuf' } });
    const sharper = checkPresetForm({ ...values, quality: '95' }).request!;
    expect(presetChanges(preset, sharper)).toEqual({ settings: { ...preset.settings, quality: 95 } });
  });
});
