import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminTreeNode } from '@mediabox/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../shared/ui/page-loading';
import { useCatalogueTree } from '../api/catalogue-api';
import { AssetEditDialog } from '../components/asset-edit-dialog';
import { CategoryTree } from '../components/category-tree';
import { NodeAssetsTable } from '../components/node-assets-table';
import { NodeHeader } from '../components/node-header';
import { NodeUpload } from '../components/node-upload';
import { useLanguage } from '../../../shared/i18n/use-language';
import { errorKeys } from '../lib/admin-errors';
import { catalogueHref, idParam } from '../lib/catalogue-paths';
import { indexTree, type CatalogueTree } from '../lib/catalogue-tree';

/**
 * Issue 6 `/admin/catalogue`: the category tree on the left; for the category of the address
 * (`?node=`) its place and actions, the upload into it and its assets; the asset of the address
 * (`&asset=`) in an edit dialog.
 */
export default function CataloguePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const nodeId = idParam(search.get('node'));
  const assetId = idParam(search.get('asset'));
  const answer = useCatalogueTree();
  const tree = useMemo(() => (answer.data ? indexTree(answer.data.nodes, lang) : null), [answer.data, lang]);

  if (answer.isPending) return <PageLoading />;
  if (answer.isError || !tree) return <Alert severity="error">{t(errorKeys(answer.error))}</Alert>;
  const node = nodeId === null ? undefined : tree.byId.get(nodeId);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{
          p: 1,
          width: { xs: '100%', md: 320 },
          flexShrink: 0,
          maxHeight: { md: '75vh' },
          overflow: 'auto',
        }}
      >
        <CategoryTree tree={tree} selectedId={nodeId} />
      </Paper>
      <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
        {nodeId === null ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('admin.catalogue.chooseNode')}
          </Typography>
        ) : node ? (
          // Keyed: another category starts with fresh dialogs, upload results and paging.
          <NodePanel key={node.id} tree={tree} node={node} />
        ) : (
          <Alert severity="warning">{t('admin.catalogue.errors.nodeNotFound')}</Alert>
        )}
      </Box>
      <AssetEditDialog
        assetId={assetId}
        tree={tree}
        // Replacing the address: back then leads to where the admin was before, not into the dialog.
        onClose={() =>
          void navigate(nodeId === null ? '/admin/catalogue' : catalogueHref(nodeId), { replace: true })
        }
      />
    </Stack>
  );
}

function NodePanel({ tree, node }: { tree: CatalogueTree; node: AdminTreeNode }) {
  const lang = useLanguage();
  return (
    <Stack spacing={3}>
      <NodeHeader tree={tree} node={node} />
      <Divider />
      <NodeUpload nodeId={node.id} />
      <Divider />
      <NodeAssetsTable nodeId={node.id} nodeName={node.name[lang]} />
    </Stack>
  );
}
