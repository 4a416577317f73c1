import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ListItem } from '@mediabox/contract';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localizedName } from '../../../shared/cart/asset-name';
import { assetPath } from '../../../shared/routing/paths';
import { RetryingImage } from '../../../shared/ui/retrying-image';

const THUMB_SIZE = 72;

interface ListItemCardsProps {
  items: readonly ListItem[];
  /** Absent for a reader: a shared list cannot be changed. */
  onRemove?: (assetId: number) => void;
}

/**
 * The items of a list as cards, one column on a phone and two from `md`. A withdrawn item is
 * greyed, labelled "Zurückgezogen" and has no picture and no link: the server sends no file of it.
 */
export function ListItemCards({ items, onRemove }: ListItemCardsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('lists.itemsLabel')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
      }}
    >
      {items.map((item) => {
        const name = localizedName(item.name, i18n.language);
        return (
          <Card
            key={item.assetId}
            component="li"
            variant="outlined"
            aria-label={name}
            sx={item.withdrawn ? { bgcolor: 'grey.100', color: 'text.secondary' } : undefined}
          >
            <Stack direction="row" spacing={1.5} sx={{ p: 1.5, alignItems: 'flex-start' }}>
              <Box
                sx={{
                  position: 'relative',
                  width: THUMB_SIZE,
                  height: THUMB_SIZE,
                  flexShrink: 0,
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'grey.200',
                }}
              >
                {item.asset && <RetryingImage src={item.asset.defaultThumbTicket} alt="" />}
              </Box>
              <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
                {item.asset ? (
                  <Link
                    component={RouterLink}
                    to={assetPath(item.assetId)}
                    underline="hover"
                    sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}
                  >
                    {name}
                  </Link>
                ) : (
                  <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{name}</Typography>
                )}
                {item.withdrawn && (
                  <Chip size="small" label={t('lists.withdrawn')} sx={{ alignSelf: 'flex-start' }} />
                )}
              </Stack>
              {onRemove && (
                <IconButton
                  size="small"
                  aria-label={t('lists.removeNamed', { name })}
                  onClick={() => onRemove(item.assetId)}
                  sx={{ mt: -0.5 }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              )}
            </Stack>
          </Card>
        );
      })}
    </Box>
  );
}
