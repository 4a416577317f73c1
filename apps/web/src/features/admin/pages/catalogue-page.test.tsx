import type { AdminTreeNode } from '@mediabox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, deferred, stubApi, type StubAnswer } from '../../../shared/testing/stub-api';
import { stubUploads, textParts, type UploadAnswer } from '../../../shared/testing/stub-uploads';
import { adminAsset, assetChange, catalogueTree, treeNode, uploadedAsset } from '../testing/admin-fixtures';
import { renderAdminPage } from '../testing/render-admin-page';
import CataloguePage from './catalogue-page';

// Rendering MUI tables and dialogs in jsdom is slow on the shared 2-core machines.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const jpg = (name: string) => new File(['jpeg-bytes'], name, { type: 'image/jpeg' });

/** Stubs the tree (which a test may grow) and the assets of Coffee (10) and Tea (12). */
function renderCatalogue(
  url: string,
  routes: Record<string, StubAnswer | ((body: unknown) => StubAnswer)> = {},
) {
  const nodes: AdminTreeNode[] = catalogueTree();
  const api = stubApi({
    'GET /api/admin/catalogue/tree': () => ({ body: { nodes } }),
    'GET /api/admin/catalogue/nodes/10/assets': {
      body: {
        assets: [adminAsset(31), adminAsset(32, { withdrawn: true, removalRequested: true })],
        total: 2,
      },
    },
    'GET /api/admin/catalogue/nodes/12/assets': { body: { assets: [], total: 0 } },
    'GET /api/admin/catalogue/nodes/13/assets': { body: { assets: [], total: 0 } },
    'GET /api/admin/catalogue/assets/31': { body: { asset: adminAsset(31) } },
    ...routes,
  });
  return { api, nodes, ...renderAdminPage(<CataloguePage />, url) };
}

const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

describe('catalogue tree', () => {
  it('shows the country roots with their categories and counts, and a selected category its assets', async () => {
    const { api, user, router } = renderCatalogue('/admin/catalogue');
    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    // Countries count their categories' assets, not only their own (none).
    expect(within(tree).getByRole('link', { name: 'Germany, 2 assets' })).toBeTruthy();
    expect(within(tree).getByRole('link', { name: 'Austria, 0 assets' })).toBeTruthy();
    expect(screen.getByText(/^Choose a category on the left/)).toBeTruthy();
    // Closed branches hide their sub-categories until opened.
    expect(within(tree).queryByRole('link', { name: /^Beans/ })).toBeNull();
    await user.click(within(tree).getByRole('button', { name: 'Show the sub-categories of Coffee' }));
    expect(within(tree).getByRole('link', { name: 'Beans, 0 assets' })).toBeTruthy();

    await user.click(within(tree).getByRole('link', { name: 'Coffee, 2 assets' }));
    expect(router.state.location.search).toBe('?node=10');
    expect(await screen.findByRole('heading', { name: 'Coffee', level: 2 })).toBeTruthy();
    expect(screen.getByText('Assets: 2 · withdrawn: 1 · sub-categories: 1')).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Place in the category tree' });
    expect(within(breadcrumb).getByRole('link', { name: 'Germany' }).getAttribute('href')).toBe(
      '/admin/catalogue?node=1',
    );
    const table = await screen.findByRole('table', { name: 'Assets of Coffee' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Edit Coffee 31' }).textContent).toBe('Coffee 31');
    expect(within(first!).getByText('04006067084218')).toBeTruthy();
    expect(within(first!).getByText('Front with perspective (C1C1)')).toBeTruthy();
    expect(first!.querySelector('img')?.getAttribute('src')).toBe('/api/file/310/thumb?exp=1&sig=a');
    expect(within(second!).getByText('Withdrawn')).toBeTruthy();
    expect(within(second!).getByText('Removal requested')).toBeTruthy();
    const query = api.callsTo('GET', '/api/admin/catalogue/nodes/10/assets')[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ offset: '0', limit: '50' });
  });

  it('filters the tree by any language and keeps the path to each match', async () => {
    const { user } = renderCatalogue('/admin/catalogue');
    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    await user.type(within(tree).getByRole('searchbox', { name: 'Filter categories' }), 'beans de');
    expect(within(tree).getByRole('link', { name: 'Beans, 0 assets' })).toBeTruthy();
    expect(within(tree).getByRole('link', { name: 'Coffee, 2 assets' })).toBeTruthy();
    expect(within(tree).queryByRole('link', { name: /^Tea/ })).toBeNull();
    expect(within(tree).queryByRole('link', { name: /^Austria/ })).toBeNull();
  });

  it('says so when the category of the address does not exist', async () => {
    renderCatalogue('/admin/catalogue?node=999');
    expect(await screen.findByText('This category does not exist (any more).')).toBeTruthy();
  });
});

describe('category actions', () => {
  it('creates a sub-category with all three names, refreshes the tree and opens it', async () => {
    let created: unknown;
    const { api, nodes, user, router } = renderCatalogue('/admin/catalogue?node=10', {
      'POST /api/admin/catalogue/nodes': (body) => {
        created = body;
        const node = treeNode(13, 10, 'Roast');
        nodes.push(node);
        return { status: 201, body: { node } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New sub-category' }));
    const dialog = await dialogNamed('New sub-category in Coffee');
    // All three names are required, checked before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(3);
    expect(api.callsTo('POST', '/api/admin/catalogue/nodes')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Deutsch' }), 'Röstung');
    await user.type(within(dialog).getByRole('textbox', { name: 'English' }), 'Roast');
    await user.type(within(dialog).getByRole('textbox', { name: 'Français' }), 'Torréfaction');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Category Roast created.')).toBeTruthy();
    expect(created).toEqual({ parentId: 10, name: { de: 'Röstung', en: 'Roast', fr: 'Torréfaction' } });
    expect(api.callsTo('GET', '/api/admin/catalogue/tree').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(router.state.location.search).toBe('?node=13'));
    expect(await screen.findByRole('heading', { name: 'Roast', level: 2 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Roast, 0 assets' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves a category, offering neither it nor its sub-categories as the target', async () => {
    const { api, user } = renderCatalogue('/admin/catalogue?node=10', {
      'PATCH /api/admin/catalogue/nodes/10': { body: { node: treeNode(10, 123, 'Coffee') } },
    });
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    const dialog = await dialogNamed('Move Coffee');
    await user.click(within(dialog).getByRole('combobox', { name: 'New parent category' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Germany', 'Germany › Tea', 'Austria']);
    await user.click(screen.getByRole('option', { name: 'Austria' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Coffee moved.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/catalogue/nodes/10')[0]!.body).toEqual({ parentId: 123 });
  });

  it("shows the server's refusal of a move translated in the dialog", async () => {
    const { user } = renderCatalogue('/admin/catalogue?node=10', {
      'PATCH /api/admin/catalogue/nodes/10': apiError(409, 'admin.catalogue.errors.cycle'),
    });
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    const dialog = await dialogNamed('Move Coffee');
    await user.click(within(dialog).getByRole('combobox', { name: 'New parent category' }));
    await user.click(await screen.findByRole('option', { name: 'Austria' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(
      await within(dialog).findByText('A category cannot be moved into itself or one of its sub-categories.'),
    ).toBeTruthy();
  });

  it('offers deletion only for an empty category, after a confirmation, then shows the parent', async () => {
    const { api, user, router } = renderCatalogue('/admin/catalogue?node=10', {
      'DELETE /api/admin/catalogue/nodes/12': { body: { success: true } },
    });
    expect(await screen.findByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Tea, 0 assets' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await dialogNamed('Delete category?');
    expect(api.callsTo('DELETE', '/api/admin/catalogue/nodes/12')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tea deleted.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/admin/catalogue/nodes/12')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe('?node=1'));
  });

  it('keeps the country roots in place', async () => {
    renderCatalogue('/admin/catalogue?node=1');
    expect(await screen.findByRole('button', { name: 'New sub-category' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('upload into a category', () => {
  async function upload(files: File[], answer: (index: number) => UploadAnswer | Promise<UploadAnswer>) {
    let count = 0;
    const uploads = stubUploads(() => answer(count++));
    const rendered = renderCatalogue('/admin/catalogue?node=10');
    const input = await screen.findByLabelText('Choose files');
    await rendered.user.upload(input, files);
    return { ...rendered, uploads };
  }

  it('sends the files with the token, shows the progress, then GTIN, view, version and variant', async () => {
    const held = deferred<UploadAnswer>();
    const fileName = '04006067084218_C1C1_s02_v01.jpg';
    const { api, uploads } = await upload([jpg(fileName)], () => held.promise);
    await uploads[0]!.progress(1, 2);
    expect(screen.getByRole('status').textContent).toBe('Uploading 1 file… 50 %');

    held.resolve({
      body: {
        assets: [
          uploadedAsset(fileName, {
            assetId: 77,
            gtin: '04006067084218',
            imageCategory: 1,
            version: 2,
            variant: 1,
          }),
        ],
      },
    });
    const results = await screen.findByRole('table', { name: 'Results of the upload' });
    const cells = within(within(results).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      fileName,
      'New',
      '04006067084218',
      'Front with perspective (C1C1)',
      '2',
      '1',
      'Asset #77',
    ]);
    expect(within(cells[6]!).getByRole('link').getAttribute('href')).toBe('/asset/77');
    expect(screen.getByText('1 file stored: 1 new, 0 updated, 0 unchanged.')).toBeTruthy();

    expect(uploads[0]!.method).toBe('POST');
    expect(uploads[0]!.url).toBe('/api/admin/catalogue/nodes/10/assets');
    expect(uploads[0]!.headers.authorization).toBe('Bearer test-token');
    expect((uploads[0]!.body.getAll('files') as File[]).map((file) => file.name)).toEqual([fileName]);
    // Counts and lists are asked for again.
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/admin/catalogue/tree').length).toBeGreaterThanOrEqual(2),
    );
    expect(api.callsTo('GET', '/api/admin/catalogue/nodes/10/assets').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the translated reason of a refused file and stores the others without it', async () => {
    const good = '04006067084218_C1C1.jpg';
    const { uploads } = await upload([jpg(good), jpg('broken.jpg')], (index) =>
      index === 0
        ? {
            status: 422,
            body: {
              error: {
                code: 'admin.catalogue.errors.uploadRefused',
                message: 'refused',
                fields: [{ path: 'broken.jpg', code: 'media.errors.damaged' }],
              },
            },
          }
        : { body: { assets: [uploadedAsset(good, { outcome: 'updated', gtin: '04006067084218' })] } },
    );
    const results = await screen.findByRole('table', { name: 'Results of the upload' });
    const refused = within(results).getAllByRole('row')[1]!;
    expect(within(refused).getByText('broken.jpg')).toBeTruthy();
    expect(within(refused).getByText('Refused')).toBeTruthy();
    expect(within(refused).getByText('The file is damaged and cannot be read.')).toBeTruthy();
    expect(within(results).getByText('Updated')).toBeTruthy();
    expect(screen.getByText(/1 file was refused and not stored\./)).toBeTruthy();
    // The refused request stored nothing, so the good file went again on its own.
    expect(uploads).toHaveLength(2);
    expect((uploads[1]!.body.getAll('files') as File[]).map((file) => file.name)).toEqual([good]);
  });

  it('sends a large drop in requests of at most 20 files', async () => {
    const files = Array.from({ length: 25 }, (_, index) => jpg(`photo-${index}.jpg`));
    let count = 0;
    const uploads = stubUploads((recorded) => ({
      body: {
        assets: (recorded.body.getAll('files') as File[]).map((file) =>
          uploadedAsset(file.name, { assetId: 600 + count++ }),
        ),
      },
    }));
    renderCatalogue('/admin/catalogue?node=10');
    fireEvent.drop(await screen.findByRole('group', { name: 'Drop GS1-named images here or choose files' }), {
      dataTransfer: { files },
    });
    expect(await screen.findByText('25 files stored: 25 new, 0 updated, 0 unchanged.')).toBeTruthy();
    expect(uploads.map((recorded) => recorded.body.getAll('files').length)).toEqual([20, 5]);
  });

  it('names the files not stored when the upload stops', async () => {
    await upload([jpg('a.jpg'), jpg('b.jpg')], () => ({
      status: 413,
      body: { error: { code: 'admin.catalogue.errors.tooManyFiles', message: 'too many' } },
    }));
    expect(await screen.findByText('Too many files in one upload. Not stored: a.jpg, b.jpg')).toBeTruthy();
  });
});

describe('asset editing', () => {
  it('opens from the list with its fields, files and versions', async () => {
    const { user, router } = renderCatalogue('/admin/catalogue?node=10');
    await user.click(await screen.findByRole('link', { name: 'Edit Coffee 31' }));
    const dialog = await dialogNamed('Edit asset');
    expect(router.state.location.search).toBe('?node=10&asset=31');
    expect(
      ((await within(dialog).findByRole('textbox', { name: 'Name (Deutsch)' })) as HTMLInputElement).value,
    ).toBe('Kaffee 31');
    expect((within(dialog).getByRole('textbox', { name: 'Name (Français)' }) as HTMLInputElement).value).toBe(
      '',
    );
    expect((within(dialog).getByRole('textbox', { name: 'GTIN' }) as HTMLInputElement).value).toBe(
      '04006067084218',
    );
    expect(within(dialog).getByRole('combobox', { name: 'View (image category)' }).textContent).toBe(
      'Front with perspective (C1C1)',
    );
    const files = within(dialog).getByRole('table', { name: 'Files of Coffee 31' });
    expect(within(files).getByText('Image (web, JPEG)')).toBeTruthy();
    expect(within(files).getByText('Current')).toBeTruthy();
    expect(within(files).getByText('1200 × 800')).toBeTruthy();
  });

  it('sends only the changed custom field and shows the server refusal at the field', async () => {
    const { api, user } = renderCatalogue('/admin/catalogue?node=10&asset=31', {
      'PATCH /api/admin/catalogue/assets/31': apiError(400, 'errors.validation', [
        { path: 'customFields.100', code: 'import.errors.badGtin' },
      ]),
    });
    const dialog = await dialogNamed('Edit asset');
    const gtin = await within(dialog).findByRole('textbox', { name: 'GTIN' });
    await user.clear(gtin);
    await user.type(gtin, '4006067084219');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(gtin.getAttribute('aria-invalid')).toBe('true'));
    const description = document.getElementById(gtin.getAttribute('aria-describedby')!);
    expect(description?.textContent).toBe(
      'This is not a valid GTIN (8, 12, 13 or 14 digits with the right check digit).',
    );
    expect(within(dialog).getByText('Please check the marked fields.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/catalogue/assets/31')[0]!.body).toEqual({
      customFields: { 100: '4006067084219' },
    });
  });

  it('withdraws the asset only after a confirmation', async () => {
    const { api, user } = renderCatalogue('/admin/catalogue?node=10&asset=31', {
      'POST /api/admin/catalogue/assets/31/withdraw': {
        body: {
          asset: adminAsset(31, {
            withdrawn: true,
            changes: [assetChange(8, { told: 12 }), assetChange(2, { kind: 'replaced', told: 3 })],
          }),
        },
      },
    });
    const dialog = await dialogNamed('Edit asset');
    await user.click(await within(dialog).findByRole('button', { name: 'Withdraw' }));
    const confirm = await dialogNamed('Withdraw asset?');
    expect(within(confirm).getByText(/^Coffee 31 will no longer appear/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/catalogue/assets/31/withdraw')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    // The newest change is the withdrawal: its count is the one told.
    expect(await screen.findByText('Coffee 31 has been withdrawn – 12 people will be told.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/catalogue/assets/31/withdraw')).toHaveLength(1);
  });

  it('lists the withdrawals and replaced files with how many people were told and mailed', async () => {
    renderCatalogue('/admin/catalogue?node=10&asset=31', {
      'GET /api/admin/catalogue/assets/31': {
        body: {
          asset: adminAsset(31, {
            changes: [
              assetChange(8, { told: 12, mailed: 5 }),
              assetChange(2, { kind: 'replaced', mediaType: 1200, told: 1, mailed: 1 }),
              assetChange(1, { told: 0 }),
            ],
          }),
        },
      },
    });
    const dialog = await dialogNamed('Edit asset');
    const history = await within(dialog).findByRole('list', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Withdrawn · .+12 people affected, 5 of them mailed so far$/),
      expect.stringMatching(
        /^New version of “Print file \(TIFF, CMYK\)” · .+1 person affected, 1 of them mailed so far$/,
      ),
      expect.stringMatching(/^Withdrawn · .+Nobody had downloaded it\.$/),
    ]);
  });

  it('says so when the asset has no history', async () => {
    renderCatalogue('/admin/catalogue?node=10&asset=31');
    const dialog = await dialogNamed('Edit asset');
    expect(await within(dialog).findByText('Never withdrawn, no file replaced.')).toBeTruthy();
  });

  it('restores a withdrawn asset at once', async () => {
    const { api, user } = renderCatalogue('/admin/catalogue?node=10&asset=31', {
      'GET /api/admin/catalogue/assets/31': { body: { asset: adminAsset(31, { withdrawn: true }) } },
      'POST /api/admin/catalogue/assets/31/restore': { body: { asset: adminAsset(31) } },
    });
    const dialog = await dialogNamed('Edit asset');
    await user.click(await within(dialog).findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Coffee 31 has been restored.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/catalogue/assets/31/restore')).toHaveLength(1);
  });

  it('uploads a replacement as the next version of the chosen media type', async () => {
    const uploads = stubUploads(() => ({ body: { asset: adminAsset(31) } }));
    const { user } = renderCatalogue('/admin/catalogue?node=10&asset=31');
    const dialog = await dialogNamed('Edit asset');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Media type' }));
    await user.click(await screen.findByRole('option', { name: 'Print file (TIFF, CMYK)' }));
    await user.upload(within(dialog).getByLabelText('Choose and upload file'), jpg('print.tif'));
    expect(await screen.findByText('New version of “Print file (TIFF, CMYK)” uploaded.')).toBeTruthy();
    expect(uploads[0]!.url).toBe('/api/admin/catalogue/assets/31/files');
    expect(textParts(uploads[0]!.body)).toEqual({ mediaType: '1200' });
    expect([...uploads[0]!.body.keys()]).toEqual(['mediaType', 'files']);
  });

  it('tells how many people will hear of the replaced file', async () => {
    stubUploads(() => ({
      body: {
        asset: adminAsset(31, { changes: [assetChange(9, { kind: 'replaced', mediaType: 1200, told: 4 })] }),
      },
    }));
    const { user } = renderCatalogue('/admin/catalogue?node=10&asset=31');
    const dialog = await dialogNamed('Edit asset');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Media type' }));
    await user.click(await screen.findByRole('option', { name: 'Print file (TIFF, CMYK)' }));
    await user.upload(within(dialog).getByLabelText('Choose and upload file'), jpg('print.tif'));
    expect(
      await screen.findByText('New version of “Print file (TIFF, CMYK)” uploaded – 4 people will be told.'),
    ).toBeTruthy();
  });

  it('shows why a replacement was refused', async () => {
    stubUploads(() => ({
      status: 422,
      body: {
        error: {
          code: 'admin.catalogue.errors.uploadRefused',
          message: 'refused',
          fields: [{ path: 'logo.pdf', code: 'import.errors.wrongFileType' }],
        },
      },
    }));
    const { user } = renderCatalogue('/admin/catalogue?node=10&asset=31');
    const dialog = await dialogNamed('Edit asset');
    await user.upload(await within(dialog).findByLabelText('Choose and upload file'), jpg('logo.pdf'));
    expect(
      await within(dialog).findByText(
        'The file type does not fit the media type (e.g. a PDF as the web image).',
      ),
    ).toBeTruthy();
  });
});
