import { AssetAdminService, type AssetAdminDeps } from './asset-admin.service.js';
import { AssetUploadService, type AssetUploadDeps } from './asset-upload.service.js';
import { CategoryAdminService, type CategoryAdminDeps } from './category-admin.service.js';

/**
 * Catalogue administration by super users (`/api/admin/catalogue/*`): categories, one asset at a
 * time, and files dropped into a category. Three services, because each writes through the importer
 * in its own way; they share the repository and the audit log, and are built together here so the
 * context wires one thing.
 */
export interface CatalogueAdmin {
  categories: CategoryAdminService;
  assets: AssetAdminService;
  uploads: AssetUploadService;
}

export type CatalogueAdminDeps = CategoryAdminDeps & AssetAdminDeps & AssetUploadDeps;

export function createCatalogueAdmin(deps: CatalogueAdminDeps): CatalogueAdmin {
  return {
    categories: new CategoryAdminService(deps),
    assets: new AssetAdminService(deps),
    uploads: new AssetUploadService(deps),
  };
}
