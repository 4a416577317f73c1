import {
  AdminAssetAnswer,
  AdminContainerAssetsAnswer,
  AdminNodeAnswer,
  AdminTreeAnswer,
  type AdminAsset,
  type AdminNode,
  type CreateNodeRequest,
  type SuccessAnswer,
  type UpdateAssetRequest,
  type UpdateNodeRequest,
  endpoints,
} from '@mediabox/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { adminKeys, PUBLIC_CATALOGUE_KEY, type NodeAssetsRequest } from './admin-keys';

/** `GET /api/admin/catalogue/tree`: every category with its counts, the roots included. */
export async function fetchCatalogueTree(signal?: AbortSignal): Promise<AdminTreeAnswer> {
  return AdminTreeAnswer.parse(await api(endpoints.adminCatalogueTree, { signal }));
}

/** `GET /api/admin/catalogue/nodes/{id}/assets`: one page of a category's assets, withdrawn ones too. */
export async function fetchNodeAssets(
  { nodeId, offset, limit }: NodeAssetsRequest,
  signal?: AbortSignal,
): Promise<AdminContainerAssetsAnswer> {
  const answer = await api(endpoints.adminNodeAssets, {
    params: { id: nodeId },
    query: { offset, limit },
    signal,
  });
  return AdminContainerAssetsAnswer.parse(answer);
}

export async function fetchCatalogueAsset(id: number, signal?: AbortSignal): Promise<AdminAsset> {
  return AdminAssetAnswer.parse(await api(endpoints.adminAsset, { params: { id }, signal })).asset;
}

export async function createNode(request: CreateNodeRequest): Promise<AdminNode> {
  const answer = await api(endpoints.adminCreateNode, { body: request });
  return AdminNodeAnswer.parse(answer).node;
}

export async function updateNode(id: number, change: UpdateNodeRequest): Promise<AdminNode> {
  const answer = await api(endpoints.adminUpdateNode, { params: { id }, body: change });
  return AdminNodeAnswer.parse(answer).node;
}

export function deleteNode(id: number): Promise<SuccessAnswer> {
  return api(endpoints.adminDeleteNode, { params: { id } });
}

export async function updateAsset(id: number, change: UpdateAssetRequest): Promise<AdminAsset> {
  const answer = await api(endpoints.adminUpdateAsset, { params: { id }, body: change });
  return AdminAssetAnswer.parse(answer).asset;
}

/** `POST …/withdraw` or `…/restore`: hides the asset everywhere, or shows it again. */
export async function setAssetWithdrawn(id: number, withdrawn: boolean): Promise<AdminAsset> {
  const endpoint = withdrawn ? endpoints.adminWithdrawAsset : endpoints.adminRestoreAsset;
  const answer = await api(endpoint, { params: { id } });
  return AdminAssetAnswer.parse(answer).asset;
}

export function useCatalogueTree() {
  return useQuery({
    queryKey: adminKeys.catalogueTree(),
    queryFn: ({ signal }) => fetchCatalogueTree(signal),
  });
}

/** A page of the selected category's assets. */
export function useNodeAssets(query: NodeAssetsRequest) {
  return useQuery({
    queryKey: adminKeys.nodeAssets(query),
    queryFn: ({ signal }) => fetchNodeAssets(query, signal),
    // Paging keeps the old rows visible instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

/** The asset of the edit dialog; null while the dialog is closed. */
export function useCatalogueAsset(id: number | null) {
  return useQuery({
    queryKey: adminKeys.catalogueAsset(id ?? 0),
    queryFn: ({ signal }) => fetchCatalogueAsset(id!, signal),
    enabled: id !== null,
  });
}

/**
 * Refreshes what a catalogue change touches: every admin query (tree counts, asset lists, the edited
 * asset, the log, removal requests an asset's withdrawal settles) and the public catalogue's cache
 * (menu, category and asset pages). Returned, so a mutation settles once the lists are fresh.
 */
export function useRefreshCatalogue() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminKeys.all }),
      client.invalidateQueries({ queryKey: PUBLIC_CATALOGUE_KEY }),
    ]);
}

function useCatalogueMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn, onSuccess: refresh });
}

export const useCreateNode = () => useCatalogueMutation(createNode);

export const useUpdateNode = () =>
  useCatalogueMutation(({ id, change }: { id: number; change: UpdateNodeRequest }) => updateNode(id, change));

/**
 * Deleting does not wait for the refresh: the page leaves the deleted category at once, before
 * its (now missing) assets and place in the tree are asked for again.
 */
export function useDeleteNode() {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: deleteNode, onSuccess: () => void refresh() });
}

export const useUpdateAsset = () =>
  useCatalogueMutation(({ id, change }: { id: number; change: UpdateAssetRequest }) =>
    updateAsset(id, change),
  );

export const useSetAssetWithdrawn = () =>
  useCatalogueMutation(({ id, withdrawn }: { id: number; withdrawn: boolean }) =>
    setAssetWithdrawn(id, withdrawn),
  );
