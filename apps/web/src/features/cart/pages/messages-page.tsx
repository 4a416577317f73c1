import { useMessages } from '../../../shared/cart/cart-queries';
import { BundleListPage } from '../components/bundle-list-page';

/** Spec 2.7 `/messages`: the carts the user sent, still valid, newest first. */
export default function MessagesPage() {
  return <BundleListPage section="messages" query={useMessages({ live: true })} />;
}
