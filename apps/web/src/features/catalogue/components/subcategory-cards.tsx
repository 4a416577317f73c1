import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { CatalogueNode } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CategoryPicture } from '../../../shared/ui/category-picture';
import { localized } from '../lib/localized';
import { withoutOrderPrefix } from '../lib/menu-name';
import { sortNodes } from '../lib/sort-nodes';

/**
 * The child categories of a category page as cards, in the drawer's (alphabetical) order, each with
 * its picture and the assets it holds with everything below it (issue 19.5): a top category keeps
 * its assets in subcategories, and a bare list of names gave no hint of where they are.
 */
export function SubcategoryCards({ nodes }: { nodes: CatalogueNode[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (nodes.length === 0) return null;
  const sorted = sortNodes(nodes, lang);
  return (
    <nav aria-label={t('catalogue.category.subcategories')}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          // Two columns on a phone, as many as fit on a desktop.
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(150px, 40vw), 1fr))',
        }}
      >
        {sorted.map((node) => (
          <li key={node.id}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/${node.id}`} sx={{ height: '100%' }}>
                <CategoryPicture
                  ticket={node.pictureTicket}
                  placeholder={<FolderOutlinedIcon sx={{ fontSize: 40 }} />}
                />
                <Box sx={{ px: 1.5, py: 1 }}>
                  <Typography
                    variant="subtitle2"
                    component="span"
                    sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {withoutOrderPrefix(localized(node.name, lang))}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    component="span"
                    sx={{ display: 'block' }}
                  >
                    {t('catalogue.category.cardCount', { count: node.totalAssetCount })}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </nav>
  );
}
