import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { COUNTRY_ROOTS, type CatalogueNode } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useStoredUser } from '../../../shared/auth/user-store';
import { usePreference } from '../../../shared/preferences';
import { useNode } from '../api/catalogue-api';
import { useLanguage } from '../../../shared/i18n/use-language';
import { localized } from '../lib/localized';
import { menuName } from '../lib/menu-name';
import { sortNodes } from '../lib/sort-nodes';

/**
 * Spec 2.2 drawer menu: the categories of the chosen country's root, alphabetical, names cut at
 * 25 (30 with a hidden three-digit prefix). Subcategories open in place; each node is fetched once
 * and then served from the query cache (spec 4).
 */
export function CategoryMenu() {
  const { t } = useTranslation();
  const [country] = usePreference('country');
  const root = useNode(COUNTRY_ROOTS[country]);
  const user = useStoredUser();
  if (root.isPending) return <CircularProgress size={20} aria-label={t('common.loading')} sx={{ mx: 2 }} />;
  if (root.isError) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('catalogue.menu.error')}
      </Typography>
    );
  }
  if (root.data.children.length === 0) {
    // The root exists in every portal (issue 16): no categories is a state, and a super user can end it.
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('catalogue.menu.empty')}
        {user?.isSuperUser && (
          <>
            {' '}
            <Link component={RouterLink} to="/admin/catalogue">
              {t('catalogue.menu.manage')}
            </Link>
          </>
        )}
      </Typography>
    );
  }
  return <NodeList nodes={root.data.children} depth={0} />;
}

function NodeList({ nodes, depth }: { nodes: CatalogueNode[]; depth: number }) {
  const lang = useLanguage();
  return (
    <List dense disablePadding>
      {sortNodes(nodes, lang).map((node) => (
        <MenuEntry key={node.id} node={node} depth={depth} />
      ))}
    </List>
  );
}

function MenuEntry({ node, depth }: { node: CatalogueNode; depth: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const current = useParams().nodeId === String(node.id);
  const [open, setOpen] = useState(false);
  const fullName = localized(node.name, lang);
  const shown = menuName(fullName);
  return (
    <>
      <ListItem
        disablePadding
        secondaryAction={
          node.hasChildren ? (
            <IconButton
              edge="end"
              size="small"
              aria-expanded={open}
              aria-label={t(open ? 'catalogue.menu.collapse' : 'catalogue.menu.expand', { name: shown })}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </IconButton>
          ) : undefined
        }
      >
        <ListItemButton
          component={RouterLink}
          to={`/${node.id}`}
          selected={current}
          aria-current={current ? 'page' : undefined}
          title={shown === fullName ? undefined : fullName}
          sx={{ pl: 2 + depth * 2 }}
        >
          <ListItemText primary={shown} slotProps={{ primary: { noWrap: true } }} />
        </ListItemButton>
      </ListItem>
      {open && <Children nodeId={node.id} depth={depth + 1} />}
    </>
  );
}

/** Mounted only when opened, so a subtree is requested on demand and only once. */
function Children({ nodeId, depth }: { nodeId: number; depth: number }) {
  const { t } = useTranslation();
  const answer = useNode(nodeId);
  if (answer.isPending)
    return <CircularProgress size={16} aria-label={t('common.loading')} sx={{ ml: 4 + depth * 2 }} />;
  if (answer.isError) {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ pl: 2 + depth * 2 }}>
        {t('catalogue.menu.error')}
      </Typography>
    );
  }
  return <NodeList nodes={answer.data.children} depth={depth} />;
}
