import type { Asset } from '@mediabox/contract';
import { usePreference } from '../../../shared/preferences';
import { AssetGrid } from './asset-grid';
import { AssetList } from './asset-list';

/** The assets in the chosen view (grid by default, spec 3). */
export function AssetResults(props: { assets: Asset[]; label: string; showRelevance?: boolean }) {
  const [view] = usePreference('view');
  return view === 'list' ? <AssetList {...props} /> : <AssetGrid assets={props.assets} label={props.label} />;
}
