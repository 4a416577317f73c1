import {
  BundleFilenameAnswer,
  CartSummary,
  type CartSendRequest,
  type Language,
  endpoints,
} from '@mediabox/contract';
import { api } from '../../../shared/api/client';

/** The cart page's own calls (spec 7.3); the queries the header and catalogue share are in shared/cart. */

export async function clearCart(): Promise<CartSummary> {
  return CartSummary.parse(await api(endpoints.cartClear));
}

export interface SendFormValues {
  email: string;
  subject: string;
  text: string;
  copyCheckbox: boolean;
}

/** `POST /cart/send`; the mail goes out in the language the user is reading. */
export async function sendCart(form: SendFormValues, lang: Language): Promise<{ filename: string }> {
  const body: CartSendRequest = { form, lang };
  return api(endpoints.cartSend, { body });
}

/** `GET /cart/download`: stores a bundle of the chosen files and names it. */
export async function createDownloadBundle(): Promise<string> {
  return BundleFilenameAnswer.parse(await api(endpoints.cartDownload)).filename;
}

/** `GET /cart/list`: the item list as a spreadsheet (the client hands non-JSON answers back as a blob). */
export async function fetchCartList(): Promise<Blob> {
  return api(endpoints.cartList);
}
