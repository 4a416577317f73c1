import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Asset, MediaType } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../shared/cart/asset-name';
import { choiceKey, formatColumns } from '../lib/cart-table';

interface FormatChipsProps {
  asset: Asset;
  name: string;
  chosen: Set<string>;
  onToggle: (assetId: number, mediaType: MediaType, checked: boolean) => void;
}

/**
 * The phone's format checkboxes (spec 2.6): one toggle chip per format the asset has. Chips wrap,
 * where the table's format columns ran off a narrow screen. The accessible name starts with the
 * visible format and adds the asset, like the table's checkboxes.
 */
export function FormatChips({ asset, name, chosen, onToggle }: FormatChipsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      {formatColumns([asset]).map(({ mediaType, name: formatName }) => {
        const format = localizedName(formatName, i18n.language);
        const on = chosen.has(choiceKey(asset.id, mediaType));
        return (
          <Chip
            key={mediaType}
            label={format}
            icon={on ? <CheckIcon /> : undefined}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            aria-label={t('cart.table.formatNamed', { format, name })}
            data-choice={choiceKey(asset.id, mediaType)}
            onClick={() => onToggle(asset.id, mediaType, !on)}
          />
        );
      })}
    </Stack>
  );
}
