import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { assetPath } from '../../shared/routing/paths';
import { useCartPreviewItems } from '../../shared/ui/header-counts';

interface CartQuickViewProps {
  open: boolean;
  /** The cart button as it is now (it may have been mounted anew since the click). */
  anchor: () => HTMLElement;
  onClose: () => void;
}

/** Spec 2.2: the cart badge opens a quick view listing items (links to /asset/{id}) and a link to /cart. */
export default function CartQuickView({ open, anchor, onClose }: CartQuickViewProps) {
  const { t } = useTranslation();
  const { items, loading } = useCartPreviewItems(open);
  return (
    <Popover
      open={open}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { sx: { width: 320, maxWidth: '90vw' }, 'aria-label': t('AppBar.cartPreview.title') },
      }}
    >
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
        {t('AppBar.cartPreview.title')}
      </Typography>
      <Divider />
      {loading ? (
        <CircularProgress
          size={24}
          aria-label={t('common.loading')}
          sx={{ display: 'block', mx: 'auto', my: 3 }}
        />
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
          {t('AppBar.cartPreview.empty')}
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 320, overflow: 'auto' }}>
          {items.map((item) => (
            <ListItemButton key={item.id} component={RouterLink} to={assetPath(item.id)} onClick={onClose}>
              <ListItemText primary={item.name} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          ))}
        </List>
      )}
      <Divider />
      <Button component={RouterLink} to="/cart" onClick={onClose} fullWidth sx={{ py: 1.25 }}>
        {t('AppBar.cartPreview.open')}
      </Button>
    </Popover>
  );
}
