import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Shown on an item whose last format was unticked. The rule stays (architecture: a cart entry may
 * have no format; it stays in the cart but brings no file into a download), but without this the
 * item looked broken, or as if the untick had not worked.
 */
export function NoFormatHint({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <Typography id={id} variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {t('cart.noFormat')}
    </Typography>
  );
}
