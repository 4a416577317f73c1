/**
 * INTEGRATION POINT (issue 22.1 / 22.2): the selection bar renders this for super users only, with
 * the selected ids. The bulk changes menu is built elsewhere; wire it here, e.g.
 *
 *   const BulkChangesMenu = lazy(() => import('<its module>'));
 *   return <Suspense fallback={null}><BulkChangesMenu assetIds={assetIds} onDone={onDone} /></Suspense>;
 *
 * `onDone` clears the selection (the changed assets may no longer match). Until then: nothing.
 */
export function BulkChangesSlot(_props: { assetIds: number[]; onDone: () => void }) {
  return null;
}
