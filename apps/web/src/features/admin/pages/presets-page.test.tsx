import type { Preset } from '@mediabox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { apiError, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import { adminPreset, shopSettings } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import PresetsPage from './presets-page';

// Rendering MUI tables and dialogs in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const shop = adminPreset(1, {
  shippedKey: 'onlineShop',
  name: { de: 'Onlineshop', en: 'Online shop', fr: 'Boutique en ligne' },
  version: 3,
});
const print = adminPreset(2, {
  shippedKey: 'print',
  name: { de: 'Druck', en: 'Print', fr: 'Impression' },
  settings: shopSettings({
    format: 'tiff',
    size: { mode: 'fit', width: 4000, height: 4000 },
    colourSpace: 'cmyk',
    dpi: 300,
    fileSuffix: '_print',
  }),
});
const old = adminPreset(3, { retired: true, name: { de: 'Alt', en: 'Old', fr: 'Ancien' } });

function renderPresets(
  presets: Preset[] = [shop, print, old],
  routes: Record<string, StubAnswer | ((body: unknown) => StubAnswer)> = {},
) {
  const api = stubApi({ 'GET /api/admin/presets': () => ({ body: { presets } }), ...routes });
  return { api, ...renderAdminPage(<PresetsPage />, '/admin/presets') };
}

const rowOf = (name: string) => screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr')!;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('conversion presets list', () => {
  it('shows each preset in the admin’s language with its settings on one line, version and state', async () => {
    renderPresets();
    const table = await screen.findByRole('table', { name: 'Conversion presets' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(cellsOf(rowOf('Online shop')).slice(0, 4)).toEqual([
      'Online shopShipped',
      'JPEG · 1000 × 1000 px on #ffffff · sRGB · 72 dpi · Quality 90 · Suffix _shop',
      'Version 3',
      'Active',
    ]);
    // TIFF has no quality of the preset's to show; CMYK is named.
    expect(cellsOf(rowOf('Print'))[1]).toBe('TIFF · within 4000 × 4000 px · CMYK · 300 dpi · Suffix _print');
    // A retired preset says so and offers restoring instead of retiring.
    expect(cellsOf(rowOf('Old'))[3]).toBe('Retired');
    expect(within(rowOf('Old')).getByRole('button', { name: 'Restore Old' })).toBeTruthy();
    expect(within(rowOf('Old')).queryByRole('button', { name: 'Retire Old' })).toBeNull();
  });

  it('reads the summary in German', async () => {
    await i18n.changeLanguage('de');
    renderPresets([shop, print]);
    await screen.findByRole('table', { name: 'Umwandlungsvorgaben' });
    expect(cellsOf(rowOf('Onlineshop')).slice(0, 3)).toEqual([
      'OnlineshopMitgeliefert',
      'JPEG · 1000 × 1000 px auf #ffffff · sRGB · 72 dpi · Qualität 90 · Suffix _shop',
      'Version 3',
    ]);
  });

  it('retires only after a question that says what it means, then calls the route', async () => {
    const { api, user } = renderPresets(undefined, {
      'POST /api/admin/presets/1/retire': { body: { preset: { ...shop, retired: true } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Retire Online shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire “Online shop”?' });
    expect(
      within(dialog).getByText('Nobody can pick it any more; files already delivered stay.'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/presets/1/retire')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Preset “Online shop” retired.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/presets/1/retire')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is asked anew after the change.
    expect(api.callsTo('GET', '/api/admin/presets').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a refused retirement translated in the dialog', async () => {
    const { user } = renderPresets(undefined, {
      'POST /api/admin/presets/1/retire': apiError(409, 'admin.presets.errors.alreadyRetired'),
    });
    await user.click(await screen.findByRole('button', { name: 'Retire Online shop' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await within(dialog).findByText('This preset is retired already.')).toBeTruthy();
  });

  it('restores a retired preset at once', async () => {
    const { api, user } = renderPresets(undefined, {
      'POST /api/admin/presets/3/restore': { body: { preset: { ...old, retired: false } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Old' }));
    expect(await screen.findByText('Preset “Old” restored.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/presets/3/restore')).toHaveLength(1);
  });
});

describe('conversion preset form', () => {
  it('creates a preset with the body the contract takes', async () => {
    const created = adminPreset(9);
    const { api, user } = renderPresets(undefined, {
      'POST /api/admin/presets': { status: 201, body: { preset: created } },
    });
    await user.click(await screen.findByRole('button', { name: 'New preset' }));
    const dialog = await screen.findByRole('dialog', { name: 'New conversion preset' });
    expect(
      within(dialog).getByText(
        'Changing the settings makes a new version; files already delivered stay as they are.',
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (German)' }), 'Katalog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (English)' }), 'Catalogue');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name (French)' }), 'Catalogue');
    await user.click(within(dialog).getByRole('combobox', { name: 'Size' }));
    await user.click(await screen.findByRole('option', { name: 'Exactly this size, cropped to the centre' }));
    const width = within(dialog).getByRole('textbox', { name: 'Width (px)' });
    await user.clear(width);
    await user.type(width, '1200');
    const height = within(dialog).getByRole('textbox', { name: 'Height (px)' });
    await user.clear(height);
    await user.type(height, '800');
    await user.click(within(dialog).getByRole('switch', { name: /^Leave out pictures that are too small/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Largest quality under a file size' }));
    const megabytes = within(dialog).getByRole('textbox', { name: 'Largest size (MB)' });
    await user.clear(megabytes);
    await user.type(megabytes, '2,5');
    await user.type(within(dialog).getByRole('textbox', { name: 'File-name suffix' }), '_katalog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Preset “Preset 9” saved.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/presets')[0]!.body).toEqual({
      name: { de: 'Katalog', en: 'Catalogue', fr: 'Catalogue' },
      settings: {
        format: 'jpeg',
        size: { mode: 'crop', width: 1200, height: 800 },
        allowUpscale: false,
        refuseUpscaling: true,
        colourSpace: 'srgb',
        dpi: 72,
        quality: 85,
        maxBytes: 2_500_000,
        fileSuffix: '_katalog',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s field error in German next to its field', async () => {
    await i18n.changeLanguage('de');
    const { user } = renderPresets([shop], {
      'PATCH /api/admin/presets/1': apiError(400, 'errors.validation', [
        { path: 'settings.fileSuffix', code: 'admin.presets.errors.fileSuffix' },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Onlineshop bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Umwandlungsvorgabe bearbeiten' });
    const dpi = within(dialog).getByRole('textbox', { name: 'Auflösung (dpi)' });
    await user.clear(dpi);
    await user.type(dpi, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const suffix = within(dialog).getByRole('textbox', { name: 'Zusatz zum Dateinamen' });
    await waitFor(() => expect(suffix.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(dialog).getByText(
        'Der Dateinamen-Zusatz darf nur Buchstaben, Ziffern, _ und - enthalten (höchstens 40 Zeichen).',
      ),
    ).toBeTruthy();
    // Shown at its field only, not again above the buttons.
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('sends only what changed: a rename alone makes no new version', async () => {
    const { api, user } = renderPresets([shop], {
      'PATCH /api/admin/presets/1': (body) => ({ body: { preset: { ...shop, ...(body as object) } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Online shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit conversion preset' });
    const english = within(dialog).getByRole('textbox', { name: 'Name (English)' });
    await user.clear(english);
    await user.type(english, 'Web shop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/presets/1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/admin/presets/1')[0]!.body).toEqual({
      name: { de: 'Onlineshop', en: 'Web shop', fr: 'Boutique en ligne' },
    });
  });

  it('closes without a call when nothing changed', async () => {
    const { api, user } = renderPresets([shop]);
    await user.click(await screen.findByRole('button', { name: 'Edit Online shop' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH', '/api/admin/presets/1')).toHaveLength(0);
  });

  it('disables the quality and the size target for formats other than JPEG, and sends no size target', async () => {
    const { api, user } = renderPresets([shop], {
      'PATCH /api/admin/presets/1': { body: { preset: shop } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Online shop' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Largest quality under a file size' }));
    expect(
      (within(dialog).getByRole('textbox', { name: 'Largest size (MB)' }) as HTMLInputElement).disabled,
    ).toBe(false);
    await user.click(within(dialog).getByRole('combobox', { name: 'File format' }));
    await user.click(await screen.findByRole('option', { name: 'WebP' }));
    for (const name of ['Quality (1–100)', 'Largest size (MB)']) {
      expect((within(dialog).getByRole('textbox', { name }) as HTMLInputElement).disabled).toBe(true);
    }
    for (const radio of within(dialog).getAllByRole('radio'))
      expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText('JPEG only.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/presets/1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/admin/presets/1')[0]!.body).toMatchObject({
      settings: { format: 'webp', maxBytes: null },
    });
  });

  it('refuses CMYK as PNG before calling the server, and offers CMYK only for JPEG and TIFF', async () => {
    const { api, user } = renderPresets([print]);
    await user.click(await screen.findByRole('button', { name: 'Edit Print' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'File format' }));
    await user.click(await screen.findByRole('option', { name: 'PNG' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('CMYK is available as JPEG or TIFF only.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/presets/2')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Colour space' }));
    const cmyk = await screen.findByRole('option', { name: 'CMYK' });
    expect(cmyk.getAttribute('aria-disabled')).toBe('true');
  });

  it('lets enlarging and refusing to enlarge exclude each other', async () => {
    const { user } = renderPresets([shop]);
    await user.click(await screen.findByRole('button', { name: 'Edit Online shop' }));
    const dialog = await screen.findByRole('dialog');
    const allow = within(dialog).getByRole('switch', {
      name: 'Enlarge smaller pictures',
    }) as HTMLInputElement;
    const refuse = within(dialog).getByRole('switch', {
      name: /^Leave out pictures that are too small/,
    }) as HTMLInputElement;
    await user.click(allow);
    expect(refuse.disabled).toBe(true);
    await user.click(allow);
    await user.click(refuse);
    expect(allow.disabled).toBe(true);
  });

  it('refuses a bad background colour and an empty name at their fields', async () => {
    const { api, user } = renderPresets([shop]);
    await user.click(await screen.findByRole('button', { name: 'Edit Online shop' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name (French)' }));
    const background = within(dialog).getByRole('textbox', { name: 'Background colour (#rrggbb)' });
    await user.clear(background);
    await user.type(background, 'white');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The background colour must be given as #rrggbb, e.g. #ffffff.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/presets/1')).toHaveLength(0);
  });
});
