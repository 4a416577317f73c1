import type { AlertColor } from '@mui/material/Alert';

export interface AddedMessage {
  key: string;
  severity: AlertColor;
  values: { count: number; already?: number };
}

/**
 * What the user is told after asking to add assets to the cart: how many arrived, and how many of
 * those asked for were in the cart already. Plural forms come from the translations (`_one`/`_other`).
 */
export function addedMessage(added: number, alreadyInCart: number): AddedMessage | null {
  if (added > 0 && alreadyInCart > 0) {
    return {
      key: 'cart.snack.addedSomeAlready',
      severity: 'success',
      values: { count: added, already: alreadyInCart },
    };
  }
  if (added > 0) return { key: 'cart.snack.added', severity: 'success', values: { count: added } };
  // Nothing new, but the click still deserves an answer: everything asked for is there already.
  if (alreadyInCart > 0) {
    return { key: 'cart.snack.allAlready', severity: 'info', values: { count: alreadyInCart } };
  }
  return null;
}

/**
 * After choosing a preset for assets outside the cart page (issue 21.2): the asset is in the cart
 * now (with or without original formats), and the preset's file will come with it.
 */
export const presetAddedMessage = (count: number): AddedMessage => ({
  key: 'conversions.snack.added',
  severity: 'success',
  values: { count },
});
