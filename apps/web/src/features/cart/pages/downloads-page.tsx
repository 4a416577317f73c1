import { useDownloads } from '../../../shared/cart/cart-queries';
import { BundleListPage } from '../components/bundle-list-page';

/** Spec 2.7 `/downloads`: the user's download bundles, still valid, newest first. */
export default function DownloadsPage() {
  return <BundleListPage section="downloads" query={useDownloads()} />;
}
