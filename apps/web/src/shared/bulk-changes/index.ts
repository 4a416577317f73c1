/**
 * Bulk changes of a selection for super users (issue 22.5). The selection bar mounts
 * `<BulkChangesMenu assetIds={ids} onDone={…} />`; it renders nothing for anyone else.
 */
export { BulkChangesMenu } from './bulk-changes-menu';
