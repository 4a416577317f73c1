import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminTreeNode } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { catalogueHref } from '../lib/catalogue-paths';
import { childrenOf, trailOf, type CatalogueTree } from '../lib/catalogue-tree';
import { NodeActions } from './node-actions';

/** Where the selected category is (a breadcrumb of the categories above), what it holds, and its actions. */
export function NodeHeader({ tree, node }: { tree: CatalogueTree; node: AdminTreeNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const above = trailOf(tree, node.id).slice(0, -1);
  return (
    <Stack spacing={1}>
      {above.length > 0 && (
        <Breadcrumbs aria-label={t('admin.catalogue.breadcrumb')} sx={{ fontSize: '0.875rem' }}>
          {above.map((parent) => (
            <Link
              key={parent.id}
              component={RouterLink}
              to={catalogueHref(parent.id)}
              underline="hover"
              color="inherit"
            >
              {parent.name[lang]}
            </Link>
          ))}
          <Typography color="text.primary" aria-current="page" sx={{ fontSize: 'inherit' }}>
            {node.name[lang]}
          </Typography>
        </Breadcrumbs>
      )}
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
        {node.name[lang]}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('admin.catalogue.counts', {
          assets: node.assetCount,
          withdrawn: node.withdrawnCount,
          children: childrenOf(tree, node.id).length,
        })}
      </Typography>
      <NodeActions tree={tree} node={node} />
    </Stack>
  );
}
