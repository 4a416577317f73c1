import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { BundleItem } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 2.7: the articles of a bundle, each expandable to show its file names. */
export function BundleArticles({ items, idPrefix }: { items: BundleItem[]; idPrefix: string }) {
  return (
    <List dense disablePadding>
      {items.map((item) => (
        <BundleArticle key={item.id} item={item} listId={`${idPrefix}-article-${item.id}`} />
      ))}
    </List>
  );
}

function BundleArticle({ item, listId }: { item: BundleItem; listId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The button and its files sit inside one list item: a list holds only items (axe "list").
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        <ListItemText primary={item.name} />
        {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List
          id={listId}
          dense
          disablePadding
          aria-label={t('bundles.filesOf', { name: item.name })}
          sx={{ pl: 4 }}
        >
          {item.files.map((file) => (
            <ListItem key={file._id}>
              <ListItemText
                primary={file.filename}
                slotProps={{
                  primary: { variant: 'body2', sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
                }}
              />
            </ListItem>
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}
