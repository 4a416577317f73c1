import { z } from 'zod';
import { AssetsQuery, SearchRequest } from './catalogue.js';

/**
 * Selecting many assets (issue 22.1). A selection is a set of asset ids kept by the app; "select all
 * N results" asks the server for every match of the result the user looks at (not only the loaded
 * cards), up to SELECTION_MAX in result order. Everything that acts on a selection (cart, lists,
 * direct zip, bulk changes) takes the ids.
 */

/** Most assets one selection holds: "select all" of a bigger result takes the first this many. */
export const SELECTION_MAX = 10_000;

/** `POST /api/search/ids`: the same body as a search, without paging. */
export const SearchIdsRequest = SearchRequest.omit({ offset: true, limit: true });
export type SearchIdsRequest = z.input<typeof SearchIdsRequest>;

/** `GET /api/assets/{containerId}/ids`: the same query as a category page, without paging. */
export const ContainerIdsQuery = AssetsQuery.omit({ offset: true, limit: true });

export const AssetIdsAnswer = z.object({
  /** The matches' ids in result order, at most SELECTION_MAX. */
  ids: z.array(z.number().int()),
  /** Every match, also beyond SELECTION_MAX (an estimate when totalIsEstimate). */
  numberTotal: z.number().int(),
  totalIsEstimate: z.boolean(),
  /** True when there are more matches than `ids` holds. */
  truncated: z.boolean(),
});
export type AssetIdsAnswer = z.infer<typeof AssetIdsAnswer>;
