import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../shared/text/format';
import type { CartTotals } from '../lib/cart-totals';

/**
 * "3 Artikel · 4,5 MB": the items in the cart and the size of the files chosen for download, and
 * "+ 3 aufbereitete Dateien" for the presets' files, whose size is not known before they are made.
 */
export function CartTotalsText({ totals, ...props }: { totals: CartTotals } & TypographyProps) {
  const { t, i18n } = useTranslation();
  return (
    <Typography variant="body2" {...props}>
      {t('cart.totals', { count: totals.items, size: formatFileSize(totals.bytes, i18n.language) })}
      {totals.presetFiles > 0 && ` ${t('conversions.totals', { count: totals.presetFiles })}`}
    </Typography>
  );
}
