import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAIN_MEDIA_TYPE } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useStoredUser } from '../../../shared/auth/user-store';
import { AddToListButton } from '../../../shared/lists/add-to-list-button';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { useAsset, useNode } from '../api/catalogue-api';
import { AssetMetadataTable } from '../components/asset-metadata-table';
import { AssetCartButton } from '../components/asset-cart-button';
import { AssetPresets } from '../components/asset-presets';
import { CategoryBreadcrumbs } from '../components/category-breadcrumbs';
import { DownloadOptions } from '../components/download-options';
import { Gs1LinkCopy } from '../components/gs1-link-copy';
import { MoreFromContainer } from '../components/more-from-container';
import { RemovalRequestButton } from '../components/removal-request-button';
import { PageStrip } from '../components/page-strip';
import { ZoomablePreview } from '../components/zoomable-preview';
import { useCartActions } from '../hooks/use-cart-actions';
import { useLanguage } from '../../../shared/i18n/use-language';
import { localized } from '../lib/localized';
import { trailOfContainer } from '../lib/trail-of-container';

/** Spec 2.5 `/asset/{id}`. */
export default function AssetPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useStoredUser();
  const cart = useCartActions();
  const id = Number(useParams().id);
  const asset = useAsset(id);
  // The page of a multi-page PDF shown large (issue 22.6), with the asset it belongs to.
  const [shownPage, setShownPage] = useState({ assetId: id, page: 1 });
  const container = useNode(asset.data?.container);
  const name = asset.data ? localized(asset.data.name, lang) : undefined;
  usePageTitle(name ? 'catalogue.pageTitle' : 'nav.asset', name ? { name } : undefined);

  if (asset.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Stack>
    );
  }
  if (asset.isError) {
    return (
      <Typography role="alert" variant="h6" component="p" sx={{ py: 6, textAlign: 'center' }}>
        {t('asset.errors.notFound')}
      </Typography>
    );
  }
  const data = asset.data;
  // Spec 2.5 / 5: only the main media type has an asset page; anything else shows nothing.
  if (data.mediaType !== MAIN_MEDIA_TYPE) return null;
  const breadcrumb = container.data ? trailOfContainer(container.data) : [];
  const pages = data.pagePreviews ?? [];
  const page = pages.length > 1 && shownPage.assetId === data.id ? shownPage.page : 1;
  const pageSrc = page > 1 ? pages[page - 1] : undefined;

  return (
    <Stack spacing={3}>
      <CategoryBreadcrumbs trail={breadcrumb} current={name} />
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 600, color: 'primary.dark', overflowWrap: 'anywhere' }}
        >
          {name}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          <AssetCartButton assetId={data.id} cart={cart} />
          <AddToListButton assetId={data.id} />
        </Stack>
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper
            variant="outlined"
            sx={{
              position: 'relative',
              aspectRatio: '4 / 3',
              overflow: 'hidden',
              ...(data.removalRequested && { borderColor: 'error.light', borderWidth: 2 }),
            }}
          >
            <ZoomablePreview
              key={page}
              previewSrc={pageSrc ?? data.largePreview ?? data.defaultThumbTicket}
              zoomSrc={pageSrc ? null : (data.zoomPreview ?? null)}
              alt={t('asset.preview', { name })}
              pixelWidth={data.fileProperties.width}
              pixelHeight={data.fileProperties.height}
            />
          </Paper>
          {pages.length > 1 && (
            <Box sx={{ mt: 1 }}>
              <PageStrip
                pages={pages}
                selected={page}
                onSelect={(next) => setShownPage({ assetId: data.id, page: next })}
              />
            </Box>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {t('asset.metadata.title')}
            </Typography>
            <AssetMetadataTable asset={data} superUser={Boolean(user?.isSuperUser)} />
            {data.gs1Link && <Gs1LinkCopy link={data.gs1Link} />}
          </Stack>
        </Grid>
      </Grid>
      <Box component="section" aria-labelledby="asset-downloads">
        <Typography id="asset-downloads" variant="h6" component="h2" gutterBottom>
          {t('asset.downloads.title')}
        </Typography>
        <DownloadOptions asset={data} />
      </Box>
      <AssetPresets assetId={data.id} />
      <Box>
        <RemovalRequestButton assetId={data.id} requested={data.removalRequested} />
      </Box>
      <MoreFromContainer containerId={data.container} currentId={data.id} />
    </Stack>
  );
}
