import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { CatalogueNode } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { localized } from '../lib/localized';
import { withoutOrderPrefix } from '../lib/menu-name';
import { sortNodes } from '../lib/sort-nodes';

/** The child categories of a category page, in the drawer's (alphabetical) order. */
export function SubcategoryLinks({ nodes }: { nodes: CatalogueNode[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (nodes.length === 0) return null;
  const sorted = sortNodes(nodes, lang).map((node) => ({
    node,
    name: withoutOrderPrefix(localized(node.name, lang)),
  }));
  return (
    <Stack
      component="nav"
      aria-label={t('catalogue.category.subcategories')}
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1 }}
    >
      {sorted.map(({ node, name }) => (
        <Chip
          key={node.id}
          icon={<FolderOutlinedIcon />}
          label={name}
          component={RouterLink}
          to={`/${node.id}`}
          clickable
          variant="outlined"
        />
      ))}
    </Stack>
  );
}
