import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { localizedName } from '../../../shared/cart/asset-name';
import { useCartContents, useCartSummary } from '../../../shared/cart/cart-queries';
import { useCartChange } from '../../../shared/cart/use-cart-change';
import { useActivePresets } from '../../../shared/presets/preset-queries';
import { presetSummary } from '../../../shared/presets/preset-summary';

/**
 * Issue 21.2 on the asset page: the active conversion presets, each with what it makes and a toggle
 * that chooses it for this asset in the cart (`PUT /api/cart/ {assetId, preset}`) or unchooses it
 * (`DELETE`). Whether it is chosen comes from the cart's contents, asked for only while the asset
 * is in the cart. Without presets (none active, or not loaded) the section is not shown at all.
 */
export function AssetPresets({ assetId }: { assetId: number }) {
  const { t, i18n } = useTranslation();
  const presets = useActivePresets();
  const summary = useCartSummary();
  const inCart = Boolean(summary.data?.assetIds.includes(assetId));
  const contents = useCartContents(inCart);
  const change = useCartChange();

  if (!presets.data || presets.data.length === 0) return null;
  const entry = inCart ? contents.data?.cartItems.find((item) => item.id === assetId) : undefined;
  const chosen = new Set(entry?.presets.map((choice) => choice.presetId) ?? []);
  // Until the cart is known a toggle could not tell add from remove.
  const ready = summary.isSuccess && (!inCart || contents.isSuccess);

  return (
    <Box component="section" aria-labelledby="asset-presets">
      <Typography id="asset-presets" variant="h6" component="h2">
        {t('assetPresets.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('assetPresets.intro')}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {presets.data.map((preset) => {
          const name = localizedName(preset.name, i18n.language);
          const on = chosen.has(preset.id);
          return (
            <Stack
              component="li"
              key={preset.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 1, sm: 2 }}
              sx={{
                alignItems: { xs: 'stretch', sm: 'center' },
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {presetSummary(preset.settings)}
                </Typography>
              </Box>
              <Button
                variant={on ? 'contained' : 'outlined'}
                startIcon={on ? <CheckIcon /> : <AddShoppingCartIcon />}
                disabled={!ready}
                aria-pressed={on}
                aria-label={t(on ? 'assetPresets.chosenNamed' : 'assetPresets.addNamed', { name })}
                onClick={() =>
                  change.mutate({
                    method: on ? 'DELETE' : 'PUT',
                    change: { assetId, preset: preset.id },
                    confirmPreset: !on,
                  })
                }
                sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' } }}
              >
                {t(on ? 'assetPresets.chosen' : 'assetPresets.add')}
              </Button>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
