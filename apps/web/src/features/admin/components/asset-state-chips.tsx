import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { AdminAsset } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

/** The states that set an asset apart: withdrawn (hidden everywhere), a user's removal request. */
export function AssetStateChips({ asset }: { asset: Pick<AdminAsset, 'withdrawn' | 'removalRequested'> }) {
  const { t } = useTranslation();
  if (!asset.withdrawn && !asset.removalRequested) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {asset.withdrawn && <Chip size="small" label={t('admin.catalogue.states.withdrawn')} />}
      {asset.removalRequested && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={t('admin.catalogue.states.removalRequested')}
        />
      )}
    </Stack>
  );
}
