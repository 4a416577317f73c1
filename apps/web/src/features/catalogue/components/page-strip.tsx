import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RetryingImage } from '../../../shared/ui/retrying-image';

interface PageStripProps {
  /** One signed URL per page (asset.pagePreviews), page 1 first. */
  pages: string[];
  /** The page shown large (1-based). */
  selected: number;
  onSelect: (page: number) => void;
}

/**
 * The pages of a multi-page PDF as a row of thumbnails below the preview (issue 22.6); clicking
 * one shows that page large. The row scrolls sideways (a phone shows three or four pages); the
 * thumbnails load lazily, so a 50-page brochure costs only what is scrolled into view.
 */
export function PageStrip({ pages, selected, onSelect }: PageStripProps) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('assetZoom.pages')}>
      <Box
        component="ul"
        sx={{ display: 'flex', gap: 1, overflowX: 'auto', listStyle: 'none', m: 0, p: 0, pb: 1 }}
      >
        {pages.map((src, index) => {
          const page = index + 1;
          const current = page === selected;
          return (
            <Box component="li" key={src} sx={{ flex: '0 0 auto' }}>
              <ButtonBase
                aria-label={t('assetZoom.page', { page })}
                aria-current={current ? 'page' : undefined}
                onClick={() => onSelect(page)}
                sx={{
                  display: 'block',
                  width: 72,
                  border: 2,
                  borderColor: current ? 'primary.main' : 'divider',
                  borderRadius: 1,
                }}
              >
                <Box sx={{ position: 'relative', aspectRatio: '3 / 4', bgcolor: 'grey.100' }}>
                  <RetryingImage src={src} alt="" />
                </Box>
                <Typography variant="caption" component="span" aria-hidden sx={{ display: 'block' }}>
                  {page}
                </Typography>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
