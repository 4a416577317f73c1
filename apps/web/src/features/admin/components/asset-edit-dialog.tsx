import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminAsset } from '@mediabox/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { assetPath } from '../../../shared/routing/paths';
import { formatDateTime } from '../../../shared/text/format';
import { PageLoading } from '../../../shared/ui/page-loading';
import { RetryingImage } from '../../../shared/ui/retrying-image';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useCatalogueAsset, useSetAssetWithdrawn } from '../api/catalogue-api';
import { useLanguage } from '../../../shared/i18n/use-language';
import { assetName, thumbnailOf } from '../lib/admin-asset';
import { errorKeys } from '../lib/admin-errors';
import { newChange } from '../lib/asset-change';
import type { CatalogueTree } from '../lib/catalogue-tree';
import { AssetChanges } from './asset-changes';
import { AssetEditForm } from './asset-edit-form';
import { AssetFiles } from './asset-files';
import { AssetStateChips } from './asset-state-chips';
import { ConfirmDialog } from './confirm-dialog';

interface AssetEditDialogProps {
  /** The asset of the address (`asset=`); the dialog is closed when null. */
  assetId: number | null;
  tree: CatalogueTree;
  onClose: () => void;
}

/** Everything about one asset in one place: its texts and fields, its files, and its visibility. */
export function AssetEditDialog({ assetId, tree, onClose }: AssetEditDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // The last asset stays while the dialog fades out, so it does not flash a spinner on closing.
  const [shownId, setShownId] = useState(assetId);
  if (assetId !== null && assetId !== shownId) setShownId(assetId);
  const asset = useCatalogueAsset(shownId);
  return (
    <Dialog open={assetId !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{t('admin.catalogue.asset.title')}</DialogTitle>
      {asset.isPending ? (
        <DialogContent>
          <PageLoading />
        </DialogContent>
      ) : asset.isError ? (
        <DialogContent>
          <Alert severity="error">{t(errorKeys(asset.error))}</Alert>
        </DialogContent>
      ) : (
        <AssetEditContent key={asset.data.id} asset={asset.data} tree={tree} />
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {asset.data && <VisibilityButton asset={asset.data} />}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{t('admin.catalogue.asset.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function AssetEditContent({ asset, tree }: { asset: AdminAsset; tree: CatalogueTree }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <DialogContent dividers>
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ position: 'relative', width: 96, height: 96, flexShrink: 0 }}>
            <RetryingImage src={thumbnailOf(asset)} alt="" />
          </Box>
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ wordBreak: 'break-word' }}>
              {assetName(asset, lang)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('admin.catalogue.asset.meta', {
                id: asset.id,
                created: formatDateTime(asset.createdAt, lang),
                updated: formatDateTime(asset.updatedAt, lang),
              })}
            </Typography>
            <AssetStateChips asset={asset} />
            <Link component={RouterLink} to={assetPath(asset.id)} sx={{ display: 'inline-flex', gap: 0.5 }}>
              {t('admin.catalogue.asset.openPage')}
              <OpenInNewIcon fontSize="small" aria-hidden />
            </Link>
          </Stack>
        </Stack>
        <AssetEditForm asset={asset} tree={tree} />
        <Divider />
        <AssetFiles asset={asset} />
        <Divider />
        <AssetChanges asset={asset} />
      </Stack>
    </DialogContent>
  );
}

/**
 * Withdrawing hides the asset from catalogue, search, carts and bundles, so it asks first; restoring
 * only shows it again and needs no question.
 */
function VisibilityButton({ asset }: { asset: AdminAsset }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const snackbar = useSnackbar();
  const change = useSetAssetWithdrawn();
  const [asking, setAsking] = useState(false);
  const name = assetName(asset, lang);

  const apply = (withdrawn: boolean) =>
    change.mutate(
      { id: asset.id, withdrawn },
      {
        onSuccess: (changed) => {
          setAsking(false);
          if (!withdrawn) {
            snackbar.show('admin.catalogue.asset.restored', 'success', { name });
            return;
          }
          // An answer without the withdrawal's change tells no count.
          const change = newChange(asset, changed, 'withdrawn');
          if (change) {
            snackbar.show('admin.takedowns.withdrawnTold', 'success', { name, count: change.told });
          } else {
            snackbar.show('admin.catalogue.asset.withdrawn', 'success', { name });
          }
        },
      },
    );

  return (
    <>
      {asset.withdrawn ? (
        <Button onClick={() => apply(false)} disabled={change.isPending}>
          {t('admin.catalogue.asset.restore')}
        </Button>
      ) : (
        <Button
          color="error"
          onClick={() => {
            change.reset();
            setAsking(true);
          }}
        >
          {t('admin.catalogue.asset.withdraw')}
        </Button>
      )}
      {change.isError && !asking && (
        <Typography color="error" variant="body2" role="alert" sx={{ ml: 1 }}>
          {t(errorKeys(change.error))}
        </Typography>
      )}
      <ConfirmDialog
        open={asking}
        title={t('admin.catalogue.asset.withdrawDialog.title')}
        text={t('admin.catalogue.asset.withdrawDialog.text', { name })}
        confirmLabel={t('admin.catalogue.asset.withdrawDialog.yes')}
        pending={change.isPending}
        error={asking && change.isError ? errorKeys(change.error) : null}
        onConfirm={() => apply(true)}
        onCancel={() => {
          setAsking(false);
          change.reset();
        }}
      />
    </>
  );
}
