import {
  AdminTreeAnswer,
  BulkChangeAnswer,
  endpoints,
  type BulkChange,
  type BulkChangeProgress,
} from '@mediabox/contract';
import { api } from '../api/client';

/** `POST /api/admin/bulk`: checks the selection and the change, and starts it in the background. */
export async function startBulkChange(assetIds: number[], change: BulkChange): Promise<BulkChangeProgress> {
  return BulkChangeAnswer.parse(await api(endpoints.adminStartBulkChange, { body: { assetIds, change } }))
    .bulkChange;
}

export async function fetchBulkChange(id: number, signal?: AbortSignal): Promise<BulkChangeProgress> {
  return BulkChangeAnswer.parse(await api(endpoints.adminBulkChange, { params: { id }, signal })).bulkChange;
}

export async function undoBulkChange(id: number): Promise<BulkChangeProgress> {
  return BulkChangeAnswer.parse(await api(endpoints.adminUndoBulkChange, { params: { id } })).bulkChange;
}

/** Every category, for the "move to" picker. */
export async function fetchCategories(signal?: AbortSignal): Promise<AdminTreeAnswer['nodes']> {
  return AdminTreeAnswer.parse(await api(endpoints.adminCatalogueTree, { signal })).nodes;
}
