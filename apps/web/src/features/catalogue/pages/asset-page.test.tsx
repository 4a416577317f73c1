import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import type { Asset } from '@mediabox/contract';
import { asset, node } from '../testing/fixtures';
import { renderRoutes, testUser } from '../testing/render-catalogue';
import { apiError, stubApi } from '../../../shared/testing/stub-api';
import AssetPage from './asset-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const routes = [{ path: '/asset/:id', element: <AssetPage /> }];

const detailed = asset(5, {
  name: { de: 'Krönung Classic 500 g' },
  gtin: '4006067084218',
  gs1Link: '/gs1/04006067084218_1_s01_v02-kroenung-classic-500-g.jpg',
  customFields: [
    { fieldId: 102, name: { de: 'Bildkategorie' }, value: 'C1C1' },
    { fieldId: 103, name: { de: 'Version' }, value: '1' },
    { fieldId: 104, name: { de: 'Variante' }, value: '2' },
  ],
  createdByUser: { userName: 'maria.muster@kaffee.example', firstname: 'Maria', lastname: 'Muster' },
  lastModifiedByUser: { userName: 'max.meier@kaffee.example', firstname: 'Max', lastname: 'Meier' },
});

function stubAsset(data = detailed) {
  return stubApi({
    'GET /api/asset/5': { body: { data } },
    'GET /api/node/20': {
      body: {
        node: node(20, 'Röstkaffee'),
        children: [],
        breadcrumb: [node(1, 'Deutschland', { parentId: null })],
      },
    },
    'GET /api/assets/20': { body: { results: [data, asset(6), asset(7)], numberTotal: 3 } },
    'DELETE /api/asset/5': { body: { success: true } },
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('asset page (spec 2.5)', () => {
  it('shows the name in the chosen language, falling back to German', async () => {
    stubAsset();
    await i18n.changeLanguage('fr');
    renderRoutes(routes, '/asset/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Krönung Classic 500 g' })).toBeTruthy();
  });

  it('shows a large preview, the metadata and one download row per file', async () => {
    stubAsset();
    renderRoutes(routes, '/asset/5');
    const preview = await screen.findByRole('img', { name: 'Preview of Krönung Classic 500 g' });
    expect(preview.getAttribute('src')).toBe('/api/files/5/preview?sig=abc');

    const metadata = screen.getByRole('table', { name: 'Details' });
    const value = (label: string) =>
      within(metadata).getByRole('rowheader', { name: label }).nextElementSibling?.textContent;
    expect(value('GTIN')).toBe('04006067084218');
    expect(value('Image category')).toBe('Front with perspective (C1C1)');
    expect(value('Version')).toBe('1');
    expect(value('Variant')).toBe('2');
    expect(value('Size')).toBe('2000 × 1500 px');
    expect(value('Resolution')).toBe('300 dpi');
    expect(value('Colour space')).toBe('sRGB');

    const downloads = screen.getByRole('table', { name: 'Download options' });
    const rows = within(downloads).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Image (web, JPEG)', 'JPEG · sRGB · 300 dpi', '2000 × 1500 px', '1.5 MB'],
      ['Print file (TIFF, CMYK)', 'TIFF · sRGB · 300 dpi', '2000 × 1500 px', '1.5 MB'],
    ]);
    expect(screen.getByRole('link', { name: 'Download Print file (TIFF, CMYK)' }).getAttribute('href')).toBe(
      '/api/files/5/print?sig=abc',
    );
  });

  it('shows created and modified by with mailto links to super users only', async () => {
    stubAsset();
    renderRoutes(routes, '/asset/5', { user: testUser({ isSuperUser: true }) });
    expect((await screen.findByRole('link', { name: 'Maria Muster' })).getAttribute('href')).toBe(
      'mailto:maria.muster@kaffee.example',
    );
    expect(screen.getByRole('link', { name: 'Max Meier' }).getAttribute('href')).toBe(
      'mailto:max.meier@kaffee.example',
    );
    expect(screen.getByRole('rowheader', { name: 'Created by' })).toBeTruthy();
  });

  it('hides the super-user rows from other users', async () => {
    stubAsset();
    renderRoutes(routes, '/asset/5');
    await screen.findByRole('table', { name: 'Details' });
    expect(screen.queryByRole('rowheader', { name: 'Created by' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Maria Muster' })).toBeNull();
  });

  it('ends the breadcrumb with the container once and then the asset', async () => {
    stubApi({
      'GET /api/asset/5': { body: { data: detailed } },
      // As the server answers: the breadcrumb ends with the node itself.
      'GET /api/node/20': {
        body: {
          node: node(20, 'Röstkaffee'),
          children: [],
          breadcrumb: [node(1, 'Deutschland', { parentId: null }), node(20, 'Röstkaffee')],
        },
      },
      'GET /api/assets/20': { body: { results: [detailed], numberTotal: 1 } },
    });
    renderRoutes(routes, '/asset/5');
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(breadcrumb).findByRole('link', { name: 'Röstkaffee' });
    expect(
      within(breadcrumb)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Röstkaffee', 'Krönung Classic 500 g']);
  });

  it('names a grey colour space in the chosen language', async () => {
    stubAsset({ ...detailed, fileProperties: { ...detailed.fileProperties, colorspace: 'b-w' } });
    await i18n.changeLanguage('fr');
    renderRoutes(routes, '/asset/5');
    const metadata = await screen.findByRole('table', { name: 'Détails' });
    const row = within(metadata).getByRole('rowheader', { name: 'Espace colorimétrique' });
    expect(row.nextElementSibling?.textContent).toBe('Niveaux de gris');
  });

  describe('what each file really is (issue 21.6)', () => {
    const files = (base: Asset): Asset['files'] => {
      const [web, print] = base.files;
      return [
        {
          ...web!,
          fileProperties: {
            ...web!.fileProperties,
            mimeType: 'image/tiff',
            fileName: 'scan.tif',
            format: 'tiff',
            colorspace: 'rgb16',
            colourSpace: 'srgb',
            bitDepth: 16,
            dpiX: 300,
            hasAlpha: false,
            transparent: false,
          },
        },
        {
          ...print!,
          fileProperties: {
            ...print!.fileProperties,
            width: 4000,
            height: 3000,
            format: 'tiff',
            colorspace: 'cmyk',
            colourSpace: 'cmyk',
            bitDepth: 8,
            dpiX: 300,
          },
        },
        {
          ...web!,
          id: 99,
          mediaType: 1300,
          mediaTypeName: { de: 'Freisteller (PNG)', en: 'Cut-out (PNG)', fr: 'Détourage (PNG)' },
          fileProperties: {
            ...web!.fileProperties,
            mimeType: 'image/png',
            fileName: 'cut.png',
            format: 'png',
            colorspace: 'srgb',
            colourSpace: 'srgb',
            bitDepth: 8,
            dpiX: null,
            hasAlpha: true,
            transparent: true,
          },
        },
      ];
    };
    const formatCells = async (tableName: string) => {
      const downloads = await screen.findByRole('table', { name: tableName });
      return within(downloads)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    };

    it('shows format, colour space, bit depth, dpi and transparency per file', async () => {
      stubAsset({ ...detailed, files: files(detailed) });
      renderRoutes(routes, '/asset/5');
      expect(await formatCells('Download options')).toEqual([
        'TIFF · sRGB 16-bit · 300 dpi',
        'TIFF · CMYK · 300 dpi',
        'PNG · sRGB · transparent',
      ]);
    });

    it('says them in German and French', async () => {
      stubAsset({ ...detailed, files: files(detailed) });
      await i18n.changeLanguage('de');
      const { unmount } = renderRoutes(routes, '/asset/5');
      expect(await formatCells('Download-Optionen')).toEqual([
        'TIFF · sRGB 16 Bit · 300 dpi',
        'TIFF · CMYK · 300 dpi',
        'PNG · sRGB · transparent',
      ]);
      unmount();
      await i18n.changeLanguage('fr');
      renderRoutes(routes, '/asset/5');
      expect(await formatCells('Options de téléchargement')).toEqual([
        'TIFF · sRGB 16 bits · 300 dpi',
        'TIFF · CMJN · 300 dpi',
        'PNG · sRGB · transparent',
      ]);
    });
  });

  it("shows 'asset.errors.notFound' when loading fails", async () => {
    stubApi({ 'GET /api/asset/5': apiError(404, 'asset.errors.notFound') });
    renderRoutes(routes, '/asset/5');
    expect((await screen.findByRole('alert')).textContent).toBe('Not found...');
  });

  it('shows nothing for an asset that is not of media type 1100', async () => {
    const api = stubAsset({ ...detailed, mediaType: 1400 });
    const { container } = renderRoutes(routes, '/asset/5');
    await waitFor(() => expect(api.callsTo('GET', '/api/asset/5')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByLabelText('Loading …')).toBeNull());
    expect(container.textContent).toBe('');
  });

  it("copies the GS1 link and shows 'asset.copied'", async () => {
    stubAsset();
    const { user } = renderRoutes(routes, '/asset/5');
    // After userEvent.setup(), which installs a clipboard stub of its own.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/gs1/04006067084218_1_s01_v02-kroenung-classic-500-g.jpg`,
    );
    expect(await screen.findByText('Image link copied.')).toBeTruthy();
  });

  it('lists more assets of the same container, without the current one', async () => {
    stubAsset();
    renderRoutes(routes, '/asset/5');
    const strip = await screen.findByRole('region', { name: 'More from this category' });
    const links = await within(strip).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/asset/6', '/asset/7']);
  });

  it('requests removal after confirmation and shows snack.removed', async () => {
    const api = stubAsset();
    const { user } = renderRoutes(routes, '/asset/5');
    await user.click(await screen.findByRole('button', { name: 'Request removal' }));
    const dialog = screen.getByRole('dialog', { name: 'Request removal?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Altes Design');
    await user.click(within(dialog).getByRole('button', { name: 'Request removal' }));
    expect(await screen.findByText('Removal requested.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/asset/5')[0]!.body).toEqual({ assetId: 5, reason: 'Altes Design' });
  });
});
