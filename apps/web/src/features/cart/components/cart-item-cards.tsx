import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { CartAnswer, MediaType, Preset } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localizedName } from '../../../shared/cart/asset-name';
import { assetPath } from '../../../shared/routing/paths';
import { assetsWithFiles, chosenKeys } from '../lib/cart-table';
import { CartThumbnail } from './cart-thumbnail';
import { FormatChips } from './format-chips';
import { NoFormatHint } from './no-format-hint';
import { PresetChoices, type PresetChoiceHandlers } from './preset-choices';

const THUMB_SIZE = 72;

interface CartItemCardsProps extends PresetChoiceHandlers {
  contents: CartAnswer;
  /** The active presets an item can be given (issue 21.2). */
  presets: readonly Preset[];
  onToggle: (assetId: number, mediaType: MediaType, checked: boolean) => void;
  onRemove: (assetId: number) => void;
}

/**
 * The cart on a phone (issue 19.1): a card per item with its thumbnail, its whole name and its
 * formats as chips, instead of a table wider than the screen; below them its presets (issue 21.2).
 */
export function CartItemCards({
  contents,
  presets,
  onToggle,
  onRemove,
  onAddPreset,
  onRemovePreset,
}: CartItemCardsProps) {
  const { t, i18n } = useTranslation();
  const chosen = chosenKeys(contents);
  const withFiles = assetsWithFiles(contents);
  const entries = new Map(contents.cartItems.map((entry) => [entry.id, entry]));

  return (
    <Stack
      component="ul"
      aria-label={t('cart.table.label')}
      spacing={1.5}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {contents.items.map((asset) => {
        const name = localizedName(asset.name, i18n.language);
        return (
          <Card key={asset.id} component="li" variant="outlined" aria-label={name}>
            <Stack direction="row" spacing={1.5} sx={{ p: 1.5 }}>
              <CartThumbnail src={asset.defaultThumbTicket} size={THUMB_SIZE} />
              <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  {/* Breaks between words; inside one only when a word alone is wider than the card. */}
                  <Link
                    component={RouterLink}
                    to={assetPath(asset.id)}
                    underline="hover"
                    sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontWeight: 500 }}
                  >
                    {name}
                  </Link>
                  <IconButton
                    size="small"
                    aria-label={t('cart.table.removeNamed', { name })}
                    onClick={() => onRemove(asset.id)}
                    sx={{ mt: -0.5 }}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Stack>
                <FormatChips asset={asset} name={name} chosen={chosen} onToggle={onToggle} />
                {!withFiles.has(asset.id) && <NoFormatHint />}
                <PresetChoices
                  assetId={asset.id}
                  name={name}
                  choices={entries.get(asset.id)?.presets ?? []}
                  retired={entries.get(asset.id)?.retiredPresets ?? []}
                  presets={presets}
                  onAddPreset={onAddPreset}
                  onRemovePreset={onRemovePreset}
                />
              </Stack>
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
