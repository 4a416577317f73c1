import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../ui/snackbar';
import { addedMessage, type AddedMessage } from './added-message';

/**
 * Confirms an addition to the cart with a snackbar that offers the way to it ('Zum Warenkorb').
 * Cards, the asset page and add-all all come through here, so every addition is confirmed alike.
 */
export function useAddedFeedback(): (added: number, alreadyInCart: number) => void {
  const show = useToCartSnack();
  return useCallback((added, alreadyInCart) => show(addedMessage(added, alreadyInCart)), [show]);
}

/** Shows a message about the cart with the button that leads there; nothing for `null`. */
export function useToCartSnack(): (message: AddedMessage | null) => void {
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  return useCallback(
    (message) => {
      if (!message) return;
      snackbar.show(message.key, message.severity, message.values, {
        labelKey: 'cart.snack.toCart',
        run: () => void navigate('/cart'),
      });
    },
    [snackbar, navigate],
  );
}
