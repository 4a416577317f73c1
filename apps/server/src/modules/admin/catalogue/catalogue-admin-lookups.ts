import { ErrorCodes } from '@mediabox/contract';
import { AppError } from '../../../platform/http/app-error.js';
import type { AdminAssetRow, AdminNodeRow, CatalogueAdminRepository } from './catalogue-admin.repository.js';

/**
 * The category or asset an admin call names, or its 404: every catalogue admin call starts here,
 * so they all answer an unknown id the same way, before any other check.
 */

export async function requireNode(
  repository: Pick<CatalogueAdminRepository, 'findNode'>,
  id: number,
): Promise<AdminNodeRow> {
  const node = await repository.findNode(id);
  if (!node) throw new AppError(ErrorCodes.catalogueNodeNotFound, `No category ${id}`);
  return node;
}

export async function requireAsset(
  repository: Pick<CatalogueAdminRepository, 'findAsset'>,
  id: number,
): Promise<AdminAssetRow> {
  const asset = await repository.findAsset(id);
  if (!asset) throw new AppError(ErrorCodes.assetNotFound, `No asset ${id}`);
  return asset;
}
