import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { stubApi } from '../../../shared/testing/stub-api';
import { asset, node } from '../testing/fixtures';
import { renderRoutes } from '../testing/render-catalogue';
import AssetPage from './asset-page';

// Rendering MUI pages in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 20_000 });

const routes = [{ path: '/asset/:id', element: <AssetPage /> }];
const ZOOM_URL = '/api/file/50/zoom?exp=1&sig=zoom';

function stubAsset() {
  const data = asset(5, {
    name: { de: 'Krönung' },
    zoomPreview: ZOOM_URL,
    fileProperties: { ...asset(5).fileProperties, width: 4000, height: 3000 },
  });
  return stubApi({
    'GET /api/asset/5': { body: { data } },
    'GET /api/node/20': { body: { node: node(20, 'Röstkaffee'), children: [], breadcrumb: [] } },
    'GET /api/assets/20': { body: { results: [data], numberTotal: 1 } },
    'GET /api/presets': { body: { presets: [] } },
  });
}

/** jsdom lays nothing out: the viewport gets the size of a desktop preview (800 x 600). */
async function openViewer() {
  stubAsset();
  renderRoutes(routes, '/asset/5');
  const viewport = await screen.findByRole('group', { name: 'Zoom and pan the picture' });
  vi.spyOn(viewport, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 600 }),
  );
  const frame = within(viewport).getByTestId('zoom-frame');
  const level = () => screen.getByText(/^\d+ %$/).textContent;
  return { viewport, frame, level };
}

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('zoom on the asset page (issue 22.6)', () => {
  it('paints the preview first and asks for the zoom rendition only at the first zoom', async () => {
    const user = userEvent.setup();
    const { viewport, level } = await openViewer();
    expect(within(viewport).getByRole('img', { name: 'Preview of Krönung' })).toBeTruthy();
    expect(within(viewport).queryByTestId('zoom-layer')).toBeNull();
    expect(level()).toBe('100 %');
    expect(screen.getByRole('button', { name: 'Zoom out' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('150 %');
    expect(within(viewport).getByTestId('zoom-layer').getAttribute('src')).toBe(ZOOM_URL);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('225 %');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(level()).toBe('150 %');
    await user.click(screen.getByRole('button', { name: 'Show the whole picture' }));
    expect(level()).toBe('100 %');
    // Back at fit, the loaded zoom rendition stays for the next zoom.
    expect(within(viewport).getByTestId('zoom-layer')).toBeTruthy();
  });

  it('toggles fit and 100 % on double-click, around the pointer', async () => {
    const { viewport, frame, level } = await openViewer();
    fireEvent.doubleClick(viewport, { clientX: 0, clientY: 0 });
    // 4000 px shown as 3000 px at most; fitted into 800 x 600 that is 3000 / 800 = 3.75 times.
    expect(level()).toBe('375 %');
    expect(frame.style.transform).toBe('translate(0px, 0px) scale(3.75)');
    fireEvent.doubleClick(viewport, { clientX: 0, clientY: 0 });
    expect(level()).toBe('100 %');
  });

  it('zooms with + and −, pans with the arrows and fits with 0', async () => {
    const user = userEvent.setup();
    const { viewport, frame, level } = await openViewer();
    viewport.focus();
    await user.keyboard('+');
    expect(frame.style.transform).toBe('translate(-200px, -150px) scale(1.5)');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(frame.style.transform).toBe('translate(-280px, -210px) scale(1.5)');
    // The picture never leaves the viewport: far left is as far as it goes.
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(frame.style.transform).toBe('translate(0px, -210px) scale(1.5)');
    await user.keyboard('-');
    expect(level()).toBe('100 %');
    await user.keyboard('++0');
    expect(level()).toBe('100 %');
    expect(frame.style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('zooms around the pointer with the wheel, without scrolling the page', async () => {
    const { viewport, level } = await openViewer();
    const wheel = new WheelEvent('wheel', { deltaY: -550, clientX: 400, clientY: 300, cancelable: true });
    viewport.dispatchEvent(wheel);
    expect(wheel.defaultPrevented).toBe(true);
    expect(await screen.findByText('272 %')).toBeTruthy();
    expect(level()).toBe('272 %');
  });

  it('shows the pages of a multi-page PDF as a strip, and a clicked page large', async () => {
    const user = userEvent.setup();
    const pagePreviews = [1, 2, 3].map((page) => `/api/file/50/page${page}?exp=1&sig=p${page}`);
    const data = asset(5, { name: { de: 'Prospekt' }, zoomPreview: null, pagePreviews });
    stubApi({
      'GET /api/asset/5': { body: { data } },
      'GET /api/node/20': { body: { node: node(20, 'Röstkaffee'), children: [], breadcrumb: [] } },
      'GET /api/assets/20': { body: { results: [data], numberTotal: 1 } },
      'GET /api/presets': { body: { presets: [] } },
    });
    renderRoutes(routes, '/asset/5');
    const strip = await screen.findByRole('navigation', { name: 'Pages' });
    const buttons = within(strip).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Page 1',
      'Page 2',
      'Page 3',
    ]);
    expect(buttons[0]!.getAttribute('aria-current')).toBe('page');
    const large = () => screen.getByRole('img', { name: 'Preview of Prospekt' }).getAttribute('src');
    expect(large()).toBe('/api/files/5/preview?sig=abc');

    await user.click(within(strip).getByRole('button', { name: 'Page 2' }));
    expect(large()).toBe(pagePreviews[1]);
    expect(within(strip).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(strip).getByRole('button', { name: 'Page 1' }));
    expect(large()).toBe('/api/files/5/preview?sig=abc');
  });

  it('shows no strip for a picture', async () => {
    await openViewer();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
