import {
  SELECTION_MAX,
  type AssetIdsAnswer,
  ErrorCodes,
  gtinNumber,
  parseGs1ShortLink,
  type Asset,
  type AssetsAnswer,
  type CatalogueNode,
  type NodeAnswer,
} from '@mediabox/contract';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthUser } from '../../platform/http/auth.js';
import type { RateLimiter, RateLimitRule } from '../../platform/http/rate-limiter.js';
import type { Tickets } from '../../platform/http/tickets.js';
import { mainFileOf, presentAsset, presentNode } from './asset-presenter.js';
import type { CatalogueRepository, FileRow, NodeRow, UserNameRow } from './catalogue.repository.js';
import { SubtreeAssetCounts } from './subtree-asset-counts.js';

export interface CatalogueDeps {
  repository: CatalogueRepository;
  tickets: Tickets;
  clock: Clock;
  rateLimiter: RateLimiter;
}

/**
 * Removal requests per user and day (issue 17.9): each one lands in the administrators' work list;
 * an account must not be able to flood it. Far above what a partner asks for in a day.
 */
export const REMOVAL_REQUESTS_PER_DAY: RateLimitRule = {
  name: 'removal-requests-user',
  limit: 20,
  windowMs: 24 * 60 * 60 * 1000,
};

/** Category names sort as a German reader expects: umlauts with their base letters, numbers by value. */
const germanOrder = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

const byGermanName = (a: NodeRow, b: NodeRow) => germanOrder.compare(a.name_de, b.name_de) || a.id - b.id;

/** Browsing the catalogue (spec 2.3, 2.5, 7.2): nodes, assets, removal requests. */
export class CatalogueService {
  private readonly subtreeCounts: SubtreeAssetCounts;

  constructor(private readonly deps: CatalogueDeps) {
    this.subtreeCounts = new SubtreeAssetCounts(deps.repository, deps.clock);
  }

  private get repository() {
    return this.deps.repository;
  }

  // ---------- nodes ----------

  /** `GET /api/node/{id}`: the node, its children sorted by German name, and the path from its root. */
  async node(id: number): Promise<NodeAnswer> {
    const path = await this.repository.pathTo(id);
    const row = path.at(-1);
    if (!row || row.id !== id) throw new AppError(ErrorCodes.notFound, 'No such category');
    const children = (await this.repository.childrenOf(id)).sort(byGermanName);
    const presented = await this.presentNodes([...path, ...children], { pictures: true });
    return {
      node: presented[path.length - 1]!,
      children: presented.slice(path.length),
      breadcrumb: presented.slice(0, path.length),
    };
  }

  /** Nodes by id in the given order (unknown ids are dropped), e.g. for search facets. */
  async nodesByIds(ids: number[], options: { pictures?: boolean } = {}): Promise<CatalogueNode[]> {
    const rows = new Map((await this.repository.findNodes(unique(ids))).map((row) => [row.id, row]));
    const ordered = ids.map((id) => rows.get(id)).filter((row): row is NodeRow => row !== undefined);
    return this.presentNodes(ordered, options);
  }

  /** The top categories (children of a country root), sorted by German name: the search drawer's filter. */
  async topCategoriesOf(rootId: number, options: { pictures?: boolean } = {}): Promise<CatalogueNode[]> {
    const children = (await this.repository.childrenOf(rootId)).sort(byGermanName);
    return this.presentNodes(children, options);
  }

  /**
   * Counts, child flags and (optionally: it walks subtrees) picture tickets for a list of nodes, in
   * three queries whatever the length of the list; the subtree totals come from a snapshot.
   */
  private async presentNodes(rows: NodeRow[], options: { pictures?: boolean }): Promise<CatalogueNode[]> {
    const ids = unique(rows.map((row) => row.id));
    const [parents, counts, totals, pictures] = await Promise.all([
      this.repository.parentsAmong(ids),
      this.repository.assetCounts(ids),
      this.subtreeCounts.totals(ids),
      options.pictures ? this.pictureTickets(ids) : Promise.resolve(new Map<number, string>()),
    ]);
    return rows.map((row) =>
      presentNode(row, {
        hasChildren: parents.has(row.id),
        assetCount: counts.get(row.id) ?? 0,
        // Never below the exact direct count: the snapshot may predate the latest import.
        totalAssetCount: Math.max(totals.get(row.id) ?? 0, counts.get(row.id) ?? 0),
        pictureTicket: pictures.get(row.id) ?? null,
      }),
    );
  }

  /** Per node, the thumbnail ticket of the main file of the newest asset at or below it that has one. */
  private async pictureTickets(nodeIds: number[]): Promise<Map<number, string>> {
    const newest = await this.repository.newestAssetWithThumbBelow(nodeIds);
    if (newest.size === 0) return new Map();
    const files = groupByAsset(await this.repository.currentFiles(unique([...newest.values()])));
    const sign = await this.deps.tickets.signer();
    const tickets = new Map<number, string>();
    for (const [nodeId, assetId] of newest) {
      const main = mainFileOf(files.get(assetId) ?? []);
      if (main) tickets.set(nodeId, sign(main.id, 'thumb'));
    }
    return tickets;
  }

  // ---------- assets ----------

  /** `GET /api/assets/{containerId}`: the visible assets directly in a container, newest first. */
  async assetsIn(
    containerId: number,
    page: { offset: number; limit: number },
    viewer: AuthUser,
  ): Promise<AssetsAnswer> {
    const node = await this.repository.findNode(containerId);
    if (!node) throw new AppError(ErrorCodes.notFound, 'No such category');
    const { ids, total } = await this.repository.assetIdsIn(containerId, page);
    return { results: await this.assetsByIds(ids, viewer), numberTotal: total };
  }

  /**
   * `GET /api/assets/{containerId}/ids` (issue 22.1, "select all"): the ids of the visible assets
   * directly in a container in page order, at most SELECTION_MAX; ids only, nothing presented.
   */
  async assetIdsOf(containerId: number): Promise<AssetIdsAnswer> {
    const node = await this.repository.findNode(containerId);
    if (!node) throw new AppError(ErrorCodes.notFound, 'No such category');
    const { ids, total } = await this.repository.assetIdsIn(containerId, { offset: 0, limit: SELECTION_MAX });
    return { ids, numberTotal: total, totalIsEstimate: false, truncated: total > ids.length };
  }

  /** `GET /api/asset/{id}`: one visible asset; unknown and withdrawn ones are both 'asset.errors.notFound'. */
  async asset(id: number, viewer: AuthUser): Promise<Asset> {
    const [asset] = await this.assetsByIds([id], viewer, { pages: true });
    if (!asset) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');
    return asset;
  }

  /**
   * Presented assets in the order of `ids`; withdrawn, fileless and unknown ids are dropped. One
   * query for any number of ids (assets with their files; creators too for super users): search
   * and lists call this for a whole page.
   */
  async assetsByIds(ids: number[], viewer: AuthUser, options: { pages?: boolean } = {}): Promise<Asset[]> {
    const wanted = unique(ids);
    if (wanted.length === 0) return [];
    const found = await this.repository.visibleAssetsWithFiles(wanted);
    if (found.length === 0) return [];
    const [users, sign] = await Promise.all([
      viewer.isSuperUser ? this.authorsOf(found.map(({ row }) => row)) : Promise.resolve(undefined),
      this.deps.tickets.signer({ viewerId: viewer.id }),
    ]);
    const byId = new Map(found.map((asset) => [asset.row.id, asset]));
    const assets: Asset[] = [];
    for (const id of wanted) {
      const asset = byId.get(id);
      if (asset) {
        assets.push(presentAsset({ ...asset, sign, pages: options.pages, ...(users ? { users } : {}) }));
      }
    }
    return assets;
  }

  private async authorsOf(rows: { created_by: number | null; updated_by: number | null }[]) {
    const ids = unique(rows.flatMap((row) => [row.created_by, row.updated_by]).filter((id) => id !== null));
    const users = await this.repository.usersByIds(ids);
    return new Map<number, UserNameRow>(users.map((user) => [user.id, user]));
  }

  /**
   * `DELETE /api/asset/{id}`: records a removal request. Asking again changes nothing: the first
   * requester, time and reason stay, and every user sees the asset as removal-requested.
   */
  async requestRemoval(id: number, body: { assetId?: number | undefined; reason: string }, user: AuthUser) {
    if (body.assetId !== undefined && body.assetId !== id) {
      throw new AppError(ErrorCodes.badRequest, 'assetId does not match the URL', [
        { path: 'assetId', code: ErrorCodes.badRequest },
      ]);
    }
    await this.deps.rateLimiter.hit(REMOVAL_REQUESTS_PER_DAY, String(user.id));
    const found = await this.repository.requestRemoval({
      assetId: id,
      userId: user.id,
      reason: body.reason,
      at: this.deps.clock.now(),
    });
    if (!found) throw new AppError(ErrorCodes.assetNotFound, 'No such asset');
  }

  // ---------- GS1 short links ----------

  /**
   * The preview ticket a GS1 short link (`/gs1/{gtin}_{category}_s{version}_v{variant}-{slug}.jpg`)
   * stands for. Only the main image's preview is reachable this way, never an original. The slug is
   * not compared: a renamed asset keeps its links.
   */
  async gs1PreviewTicket(name: string): Promise<string> {
    const link = parseGs1ShortLink(name);
    if (!link) throw new AppError(ErrorCodes.notFound, 'Not a GS1 image link');
    const fileId = await this.repository.gs1MainFile({
      gtinNumber: gtinNumber(link.gtin),
      category: link.category,
      version: link.version,
      variant: link.variant,
    });
    if (fileId === undefined) throw new AppError(ErrorCodes.notFound, 'No image for this GS1 link');
    return this.deps.tickets.url(fileId, 'preview');
  }
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

function groupByAsset(files: FileRow[]): Map<number, FileRow[]> {
  const grouped = new Map<number, FileRow[]>();
  for (const file of files) {
    const list = grouped.get(file.assetId);
    if (list) list.push(file);
    else grouped.set(file.assetId, [file]);
  }
  return grouped;
}
