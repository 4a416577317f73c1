import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { assetPath } from '../../../shared/routing/paths';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { RetryingImage } from '../../../shared/ui/retrying-image';
import { useContainerPreview } from '../api/catalogue-api';
import { useLanguage } from '../../../shared/i18n/use-language';
import { localized } from '../lib/localized';
import { TWO_LINES } from '../lib/two-lines';
import { SelectionScope } from '../selection/selection-scope';
import { SelectCheckbox } from './select-checkbox';

const STRIP_SIZE = 13;

/** Spec 2.5: more assets of the same container, as a scrolling strip of small square cards. */
export function MoreFromContainer({ containerId, currentId }: { containerId: number; currentId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const answer = useContainerPreview(containerId, STRIP_SIZE);
  const others = (answer.data?.results ?? [])
    .filter((asset) => asset.id !== currentId)
    .slice(0, STRIP_SIZE - 1);
  if (others.length === 0) return null;
  // Selectable like a category page (issue 22.1): "select all N" is the whole category.
  return (
    <SelectionScope
      scopeKey={String(containerId)}
      source={{ kind: 'container', containerId }}
      loadedIds={others.map((asset) => asset.id)}
      total={answer.data?.numberTotal ?? others.length}
    >
      <Box component="section" aria-labelledby="more-from-container">
        <Typography id="more-from-container" variant="h6" component="h2" gutterBottom>
          {t('asset.more')}
        </Typography>
        <Stack
          direction="row"
          spacing={2}
          component="ul"
          // A strip that scrolls sideways on purpose: the e2e width check knows it by this mark.
          data-scroll-strip=""
          sx={{ overflowX: 'auto', p: 0, m: 0, pb: 1, listStyle: 'none' }}
        >
          {others.map((asset) => {
            const name = localized(asset.name, lang);
            return (
              <Box
                component="li"
                key={asset.id}
                className="selectable"
                sx={{ width: 140, flexShrink: 0, position: 'relative' }}
              >
                <Box sx={{ position: 'absolute', top: 4, left: 4, zIndex: 1 }}>
                  <SelectCheckbox assetId={asset.id} name={name} />
                </Box>
                <HintTooltip title={name}>
                  <Link
                    component={RouterLink}
                    to={assetPath(asset.id)}
                    underline="hover"
                    color="text.primary"
                  >
                    <Box
                      sx={{
                        position: 'relative',
                        aspectRatio: '1 / 1',
                        bgcolor: 'grey.50',
                        borderRadius: 1,
                        overflow: 'hidden',
                      }}
                    >
                      <RetryingImage src={asset.defaultThumbTicket} alt="" />
                    </Box>
                    <Typography variant="body2" sx={{ mt: 0.5, ...TWO_LINES }}>
                      {name}
                    </Typography>
                  </Link>
                </HintTooltip>
              </Box>
            );
          })}
        </Stack>
      </Box>
    </SelectionScope>
  );
}
