import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminTreeNode } from '@mediabox/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { catalogueHref } from '../lib/catalogue-paths';
import { childrenOf, filteredIds, trailOf, type CatalogueTree } from '../lib/catalogue-tree';

interface CategoryTreeProps {
  tree: CatalogueTree;
  selectedId: number | null;
}

/** The nodes above `id`, which must be open for it to be seen. */
const aboveIds = (tree: CatalogueTree, id: number | null) =>
  id === null
    ? []
    : trailOf(tree, id)
        .slice(0, -1)
        .map((node) => node.id);

/**
 * The category tree of the administration: country roots, then categories, each a link to its
 * address with its asset count (subcategories included). Nested lists with a labelled open/close button per branch, so it
 * reads and works like any list of links (a treeview's arrow-key model is not needed for this).
 * A filter shows the matching categories with the path to them, for trees of thousands of nodes.
 */
export function CategoryTree({ tree, selectedId }: CategoryTreeProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const visible = useMemo(() => filteredIds(tree, filter), [tree, filter]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set([...childrenOf(tree, null).map((root) => root.id), ...aboveIds(tree, selectedId)]),
  );
  // A selection from elsewhere (breadcrumb, new category, back button) opens the branches above it.
  const [shownSelection, setShownSelection] = useState(selectedId);
  if (shownSelection !== selectedId) {
    setShownSelection(selectedId);
    setExpanded((old) => new Set([...old, ...aboveIds(tree, selectedId)]));
  }

  const toggle = (id: number) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Box component="nav" aria-label={t('admin.catalogue.tree.label')}>
      <TextField
        size="small"
        type="search"
        fullWidth
        label={t('admin.catalogue.tree.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        sx={{ mb: 1 }}
      />
      {visible?.size === 0 ? (
        <Typography color="text.secondary" sx={{ p: 1 }}>
          {t('admin.catalogue.tree.noMatch')}
        </Typography>
      ) : (
        <Branch
          tree={tree}
          parentId={null}
          depth={0}
          selectedId={selectedId}
          // While filtering every match is shown, so everything on the way to it is open.
          isOpen={(id) => (visible ? visible.has(id) : expanded.has(id))}
          isShown={(id) => !visible || visible.has(id)}
          onToggle={toggle}
        />
      )}
    </Box>
  );
}

interface BranchProps {
  tree: CatalogueTree;
  parentId: number | null;
  depth: number;
  selectedId: number | null;
  isOpen: (id: number) => boolean;
  isShown: (id: number) => boolean;
  onToggle: (id: number) => void;
}

function Branch(props: BranchProps) {
  const nodes = childrenOf(props.tree, props.parentId).filter((node) => props.isShown(node.id));
  if (nodes.length === 0) return null;
  return (
    <List dense disablePadding>
      {nodes.map((node) => (
        <TreeRow key={node.id} node={node} {...props} />
      ))}
    </List>
  );
}

function TreeRow({ node, ...props }: BranchProps & { node: AdminTreeNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = node.name[lang];
  const hasChildren = childrenOf(props.tree, node.id).length > 0;
  const open = hasChildren && props.isOpen(node.id);
  const selected = node.id === props.selectedId;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: props.depth * 2 }}>
        {hasChildren ? (
          <IconButton
            size="small"
            onClick={() => props.onToggle(node.id)}
            aria-expanded={open}
            aria-label={t(open ? 'admin.catalogue.tree.collapse' : 'admin.catalogue.tree.expand', { name })}
          >
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          // As wide as the button, so names line up whether or not they have sub-categories.
          <Box sx={{ width: 30, flexShrink: 0 }} />
        )}
        <ListItemButton
          component={RouterLink}
          to={catalogueHref(node.id)}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          aria-label={t('admin.catalogue.tree.node', { name, count: node.totalAssetCount })}
          sx={{ borderRadius: 1, py: 0.25, minWidth: 0 }}
        >
          <Typography
            noWrap
            sx={{ flexGrow: 1, fontSize: '0.875rem', fontWeight: node.parentId === null ? 600 : 400 }}
          >
            {name}
          </Typography>
          {/* A space between name and count: the visible text reads "Kaffee 12", which the
              accessible name "Kaffee, 12 Assets" contains (axe label-content-name-mismatch). */}{' '}
          <Typography
            component="span"
            color="text.secondary"
            sx={{ fontSize: '0.75rem', ml: 1, fontVariantNumeric: 'tabular-nums' }}
          >
            {/* With everything below: a country or top category holds its assets in subcategories. */}
            {node.totalAssetCount}
          </Typography>
        </ListItemButton>
      </Box>
      {open && <Branch {...props} parentId={node.id} depth={props.depth + 1} />}
    </ListItem>
  );
}
