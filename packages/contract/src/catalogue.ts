import { z } from 'zod';
import { NumericId } from './common.js';
import { COUNTRY_ROOTS, SEARCH_PAGE_SIZE } from './constants.js';
import { FILE_FORMATS, MEDIA_TYPE_IDS, type MediaType } from './media-types.js';
import { ResultFilters, ResultSortSchema, FilterCounts } from './result-filters.js';
import { PartialMatch } from './search-suggest.js';

const COUNTRY_ROOT_IDS: number[] = Object.values(COUNTRY_ROOTS);

/** Catalogue calls (spec 7.2): categories, assets, removal requests, search. */

export const LocalizedText = z.object({
  de: z.string(),
  en: z.string().optional(),
  fr: z.string().optional(),
});
export type LocalizedText = z.infer<typeof LocalizedText>;

export const MediaTypeSchema = z.union(
  MEDIA_TYPE_IDS.map((id) => z.literal(id)) as [z.ZodLiteral<MediaType>, ...z.ZodLiteral<MediaType>[]],
);

export const CatalogueNode = z.object({
  id: z.number().int(),
  name: z.object({ de: z.string(), en: z.string(), fr: z.string() }),
  parentId: z.number().int().nullable(),
  rootId: z.number().int(),
  hasChildren: z.boolean(),
  /** Number of visible assets directly in this node. */
  assetCount: z.number().int(),
  /**
   * Visible assets in this node and all categories below it (a top category holds its assets in
   * subcategories). Taken from a snapshot at most 30 s old, so it may lag just after an import.
   */
  totalAssetCount: z.number().int(),
  /** A signed thumbnail URL of one asset below this node, for the category cards of the home page. */
  pictureTicket: z.string().nullable(),
});
export type CatalogueNode = z.infer<typeof CatalogueNode>;

/** `GET /api/node/{id}`: the node, its children (the category list) and the path from its root. */
export const NodeAnswer = z.object({
  node: CatalogueNode,
  children: z.array(CatalogueNode),
  breadcrumb: z.array(CatalogueNode),
});
export type NodeAnswer = z.infer<typeof NodeAnswer>;

/** Colour spaces as the portal shows them: 'srgb' is any RGB picture, 'grey' includes black and white. */
export const COLOUR_SPACES = ['srgb', 'cmyk', 'grey', 'lab', 'other'] as const;
export type ColourSpace = (typeof COLOUR_SPACES)[number];

export const FileProperties = z.object({
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  dpiX: z.number().nullable(),
  colorspace: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  fileName: z.string(),
  /**
   * Issue 21.6, read from the content (never the name). Optional for answers of older servers;
   * null when not known (files stored before these facts were kept).
   * `format`: the file format; `colourSpace`: `colorspace` (libvips' name) in the portal's words.
   */
  format: z.enum(FILE_FORMATS).nullable().optional(),
  colourSpace: z.enum(COLOUR_SPACES).nullable().optional(),
  /** Bits per sample (8, 16…) of a picture; null for EPS and PDF. */
  bitDepth: z.number().int().nullable().optional(),
  /** The picture has an alpha channel (it may still be fully opaque). */
  hasAlpha: z.boolean().nullable().optional(),
  /** Some pixels are really transparent (a cut-out). */
  transparent: z.boolean().nullable().optional(),
});
export type FileProperties = z.infer<typeof FileProperties>;

/** One file of an asset, for the download options table and the cart's format checkboxes. */
export const AssetFile = z.object({
  id: z.number().int(),
  mediaType: z.number().int(),
  mediaTypeName: LocalizedText,
  fileProperties: FileProperties,
  originalTicket: z.string(),
  thumbTicket: z.string().nullable(),
});
export type AssetFile = z.infer<typeof AssetFile>;

export const CustomFieldValue = z.object({
  fieldId: z.number().int(),
  name: LocalizedText,
  value: z.string(),
});

export const UserReference = z.object({ userName: z.string(), firstname: z.string(), lastname: z.string() });

export const Asset = z.object({
  id: z.number().int(),
  name: LocalizedText,
  container: z.number().int(),
  mediaType: z.number().int(),
  mediaTypeName: LocalizedText,
  /** Signed, short-lived URLs: `<img>` tags work without headers and nothing leaks for long. */
  originalTicket: z.string(),
  defaultThumbTicket: z.string().nullable(),
  largePreview: z.string().nullable(),
  /**
   * Issue 22.6: a JPEG of at most 3000 px for zooming into a picture larger than its preview; null
   * for other files. Made on first request: 404 previewPending until then. Optional for older servers.
   */
  zoomPreview: z.string().nullable().optional(),
  /**
   * Issue 22.6, only in `GET /api/asset/{id}`: one signed JPEG URL per page of a PDF with several
   * pages (the first 50), for the page strip; empty for other files. Made on first request like zoomPreview.
   */
  pagePreviews: z.array(z.string()).optional(),
  creationDate: z.string(),
  score: z.number().optional(),
  rootId: z.number().int(),
  countryId: z.number().int(),
  removalRequested: z.boolean(),
  fileProperties: FileProperties,
  files: z.array(AssetFile),
  customFields: z.array(CustomFieldValue),
  gtin: z.string().nullable(),
  /** The portal's GS1 short link of the main image, when the asset has a GTIN and an image category. */
  gs1Link: z.string().nullable(),
  /** Only for super users (spec 2.5). */
  createdByUser: UserReference.nullable().optional(),
  lastModifiedByUser: UserReference.nullable().optional(),
});
export type Asset = z.infer<typeof Asset>;

export const AssetAnswer = z.object({ data: Asset });
export type AssetAnswer = z.infer<typeof AssetAnswer>;

export const AssetsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const AssetsAnswer = z.object({ results: z.array(Asset), numberTotal: z.number().int() });
export type AssetsAnswer = z.infer<typeof AssetsAnswer>;

export const NodeParams = z.object({ id: NumericId });
export const AssetParams = z.object({ id: NumericId });
export const ContainerParams = z.object({ containerId: NumericId });

/** `/api/file/{fileId}/{variant}?exp=&sig=&u=`: checked by the ticket verifier, so that any mistake is 403/404, not 400. */
export const FileTicketParams = z.object({ fileId: z.string(), variant: z.string() });
export const FileTicketQuery = z.object({
  exp: z.unknown().optional(),
  sig: z.unknown().optional(),
  u: z.unknown().optional(),
});
/** `/gs1/{name}`: a GS1 file name, e.g. `04006067084218_A1N1.jpg`. */
export const Gs1LinkParams = z.object({ name: z.string() });

export const RemovalRequest = z.object({
  assetId: NumericId.optional(),
  reason: z.string().trim().max(1000, { error: 'errors.tooLong' }).optional().default(''),
});
export type RemovalRequest = z.input<typeof RemovalRequest>;

export const SearchRequest = z.object({
  query: z.string().trim().min(1, { error: 'search.errors.empty' }).max(200, { error: 'errors.tooLong' }),
  offset: z.number().int().min(0).max(10_000).default(0),
  limit: z.number().int().min(1).max(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
  /** Country root to search in; defaults to the root of the user's chosen country (germany). */
  rootId: z
    .number()
    .int()
    .refine((id) => COUNTRY_ROOT_IDS.includes(id), { error: 'search.errors.unknownRoot' })
    .optional(),
  /** Top categories (children of the root) to restrict to: the drawer's checkbox filter. */
  categories: z.array(z.number().int()).max(100).optional(),
  /** Issue 22.2: filters beside the category filter; their counts come back in `filterCounts`. */
  filters: ResultFilters.optional(),
  /** Issue 22.2: result order; relevance when absent. */
  sort: ResultSortSchema.optional(),
});
export type SearchRequest = z.input<typeof SearchRequest>;

export const SearchFacet = z.object({
  nodeId: z.number().int(),
  name: CatalogueNode.shape.name,
  count: z.number().int(),
});

export const SearchAnswer = z.object({
  results: z.array(Asset),
  numberTotal: z.number().int(),
  /** True when numberTotal is an estimate (very common terms). */
  totalIsEstimate: z.boolean(),
  hasNextPage: z.boolean(),
  currentPage: z.number().int(),
  facets: z.array(SearchFacet),
  /** Issue 22.3: the hits are a partial match (not every word matched); absent or null otherwise. */
  partial: PartialMatch.nullable().optional(),
  /** Issue 22.2: matches per filter value, each with every other filter applied. Optional for older servers. */
  filterCounts: FilterCounts.optional(),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;

/**
 * `POST /api/search/countries`: how many hits one query has in each country (issue 19.13). The
 * index is split by country root and a search never crosses roots, so "search in all countries"
 * asks each root and the app offers the countries that have hits.
 */
export const SearchCountriesRequest = SearchRequest.pick({ query: true });
export type SearchCountriesRequest = z.input<typeof SearchCountriesRequest>;

export const SearchCountriesAnswer = z.object({
  countries: z.array(
    z.object({
      rootId: z.number().int(),
      numberTotal: z.number().int(),
      totalIsEstimate: z.boolean(),
    }),
  ),
});
export type SearchCountriesAnswer = z.infer<typeof SearchCountriesAnswer>;
