import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Asset, Language } from '@mediabox/contract';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { assetPath } from '../../../shared/routing/paths';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { RetryingImage } from '../../../shared/ui/retrying-image';
import type { CartActions } from '../hooks/use-cart-actions';
import { customField, imageCategoryLabel } from '../lib/image-category';
import { localized } from '../lib/localized';
import { productCardSelectionIds } from '../lib/products-of-results';
import { TWO_LINES } from '../lib/two-lines';
import { DownloadMenu } from './download-menu';
import { ProductSelectCheckbox } from './select-checkbox';

/** Below the square picture: two lines of name, the GTIN line and the button row. */
export const PRODUCT_CARD_INFO_HEIGHT = 120;

interface ProductCardProps {
  gtin: string;
  /** Every view of the product, in view order (at least the matched one). */
  views: Asset[];
  /** The view the search matched first: the card shows it until another is chosen. */
  matchedId: number;
  /** Visible views of the product, also beyond those answered. */
  viewCount: number;
  cart: CartActions;
  eager?: boolean;
  /** Tells a selection-aware grid which views the card stands for now (productCardSelectionIds). */
  onPickedChange?: (ids: number[]) => void;
}

/** A view's name for the switcher and the cart menu: its image category, else its own name. */
function viewLabel(view: Asset, lang: Language): string {
  return imageCategoryLabel(customField(view, 'imageCategory'), lang) ?? localized(view.name, lang);
}

/**
 * Issue 22.7: one card per product (GTIN). It shows the chosen view (the matched one at first); the
 * switcher shows on hover and keyboard focus, always on touch screens. The picture and name open the
 * chosen view's asset page; "In den Warenkorb" adds the views picked in its menu (all by default).
 */
export const ProductCard = memo(function ProductCard(props: ProductCardProps) {
  const { gtin, views, matchedId, viewCount, cart, eager = false, onPickedChange } = props;
  const { t } = useTranslation();
  const lang = useLanguage();
  const [chosenId, setChosenId] = useState(matchedId);
  // undefined: every view, also those that arrive later.
  const [picked, setPicked] = useState<ReadonlySet<number> | undefined>(undefined);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const chosen = views.find((view) => view.id === chosenId) ?? views[0]!;
  const name = localized(chosen.name, lang);
  const pickedIds = productCardSelectionIds(views, picked);
  const allInCart = pickedIds.length > 0 && pickedIds.every((id) => cart.isInCart(id));
  const cartLabel = allInCart
    ? t('products.cart.remove', { count: pickedIds.length })
    : t('products.cart.add', { count: pickedIds.length });

  const togglePicked = (id: number) => {
    const next = new Set(picked ?? views.map((view) => view.id));
    if (next.has(id)) next.delete(id);
    else next.add(id);
    const all = views.every((view) => next.has(view.id));
    setPicked(all ? undefined : next);
    onPickedChange?.(productCardSelectionIds(views, all ? undefined : next));
  };

  return (
    <Card
      component="article"
      aria-label={t('products.cardLabel', { name, gtin })}
      variant="outlined"
      // The hover area that shows the selection checkbox (issue 22.1).
      className="selectable"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        '&:has(.select-checkbox.Mui-checked)': { borderColor: 'primary.main', bgcolor: 'action.selected' },
        // The switcher shows on hover and focus; on touch screens (no hover) always.
        '& .product-views': { opacity: 0, transition: 'opacity 120ms' },
        '&:hover .product-views, &:focus-within .product-views': { opacity: 1 },
        '@media (hover: none)': { '& .product-views': { opacity: 1 } },
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: 'grey.50' }}>
        <Box
          component={RouterLink}
          to={assetPath(chosen.id)}
          tabIndex={-1}
          aria-hidden
          sx={{ position: 'absolute', inset: 0, display: 'block' }}
        >
          <RetryingImage src={chosen.defaultThumbTicket} alt="" eager={eager} />
        </Box>
        <Typography
          variant="caption"
          sx={{
            position: 'absolute',
            top: 6,
            left: 6,
            px: 0.75,
            borderRadius: 1,
            bgcolor: 'rgba(255,255,255,0.9)',
            fontWeight: 600,
          }}
        >
          {t('products.views', { count: viewCount })}
        </Typography>
        <Box sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1 }}>
          <ProductSelectCheckbox assetIds={pickedIds} name={name} />
        </Box>
        {views.length > 1 && (
          <Stack
            className="product-views"
            direction="row"
            role="group"
            aria-label={t('products.switcher', { name })}
            sx={{
              position: 'absolute',
              left: 0,
              right: 0,
              bottom: 0,
              p: 0.5,
              gap: 0.5,
              overflowX: 'auto',
              bgcolor: 'rgba(255,255,255,0.85)',
            }}
          >
            {views.map((view) => (
              <HintTooltip key={view.id} title={viewLabel(view, lang)}>
                <ButtonBase
                  aria-label={t('products.showView', { view: viewLabel(view, lang) })}
                  aria-pressed={view.id === chosen.id}
                  onClick={() => setChosenId(view.id)}
                  sx={{
                    flex: '0 0 auto',
                    width: 32,
                    height: 32,
                    border: 2,
                    borderColor: view.id === chosen.id ? 'primary.main' : 'transparent',
                    borderRadius: 0.5,
                    overflow: 'hidden',
                    bgcolor: 'grey.100',
                    '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.dark' },
                  }}
                >
                  <RetryingImage src={view.defaultThumbTicket} alt="" />
                </ButtonBase>
              </HintTooltip>
            ))}
          </Stack>
        )}
      </Box>
      <Stack sx={{ height: PRODUCT_CARD_INFO_HEIGHT, px: 1.5, pt: 1, pb: 0.5 }}>
        <HintTooltip title={name}>
          <Link
            component={RouterLink}
            to={assetPath(chosen.id)}
            underline="hover"
            color="text.primary"
            sx={{ fontSize: '0.875rem', lineHeight: 1.35, ...TWO_LINES }}
          >
            {name}
          </Link>
        </HintTooltip>
        <Typography variant="caption" color="text.secondary" noWrap>
          {t('products.gtin', { gtin })}
        </Typography>
        <Stack direction="row" sx={{ mt: 'auto', alignItems: 'center', justifyContent: 'flex-end' }}>
          <HintTooltip title={cart.enabled ? cartLabel : t(cart.disabledReason)}>
            <span>
              <IconButton
                size="small"
                color="primary"
                aria-label={cartLabel}
                disabled={!cart.enabled || pickedIds.length === 0}
                onClick={() => (allInCart ? cart.remove(pickedIds) : cart.add(pickedIds))}
              >
                {allInCart ? (
                  <RemoveShoppingCartIcon fontSize="small" />
                ) : (
                  <AddShoppingCartIcon fontSize="small" />
                )}
              </IconButton>
            </span>
          </HintTooltip>
          <IconButton
            size="small"
            aria-label={t('products.pickViews', { name })}
            aria-haspopup="menu"
            aria-expanded={menuAnchor !== null}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <ArrowDropDownIcon fontSize="small" />
          </IconButton>
          <DownloadMenu asset={chosen} name={name} />
        </Stack>
      </Stack>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {views.map((view) => {
          const checked = picked === undefined || picked.has(view.id);
          return (
            <MenuItem
              key={view.id}
              role="menuitemcheckbox"
              aria-checked={checked}
              onClick={() => togglePicked(view.id)}
            >
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple />
              </ListItemIcon>
              <ListItemText primary={viewLabel(view, lang)} secondary={localized(view.name, lang)} />
            </MenuItem>
          );
        })}
      </Menu>
    </Card>
  );
});
