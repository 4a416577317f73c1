import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { CatalogueNode, Language } from '@mediabox/contract';
import { Link as RouterLink } from 'react-router';
import { CategoryPicture } from '../../../shared/ui/category-picture';

/** Names may carry a three-digit ordering prefix ("010 Kaffee"); it is never shown (spec 2.2). */
const shownName = (node: CatalogueNode, lang: Language) =>
  (node.name[lang]?.trim() ? node.name[lang] : node.name.de).replace(/^\d{3} /, '');

/** Two rows of a desktop screen: their pictures decide the first paint, so they load at once and first. */
const FIRST_SCREEN_CARDS = 10;

/** Spec 2.1 home: one card per category of the country root, sorted by German name, with its picture. */
export function CategoryCards({
  nodes,
  lang,
  label,
}: {
  nodes: CatalogueNode[];
  lang: Language;
  label: string;
}) {
  const sorted = [...nodes].sort((a, b) => a.name.de.localeCompare(b.name.de, 'de', { numeric: true }));
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
      }}
    >
      {sorted.map((node, index) => {
        const name = shownName(node, lang);
        const firstScreen = index < FIRST_SCREEN_CARDS;
        return (
          <li key={node.id}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={`/${node.id}`} sx={{ height: '100%' }}>
                <CategoryPicture
                  ticket={node.pictureTicket}
                  eager={firstScreen}
                  placeholder={<CategoryOutlinedIcon sx={{ fontSize: 48 }} />}
                />
                <Typography variant="subtitle1" component="h2" sx={{ px: 2, py: 1.5, fontWeight: 600 }}>
                  {name}
                </Typography>
              </CardActionArea>
            </Card>
          </li>
        );
      })}
    </Box>
  );
}
