import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListNameDialog } from './list-name-dialog';
import { useAddToList, useCreateList, useLists } from './list-queries';

/**
 * "Zur Liste hinzufügen" (issue 22.4): a menu of my lists and "Neue Liste …", which creates a list
 * and puts the asset (or the selected assets) into it in one go. The lists are fetched when the menu first opens.
 */
export function AddToListButton(props: { assetId: number } | { assetIds: readonly number[] }) {
  const { t } = useTranslation();
  // One asset (the asset page) or a selection of the catalogue (issue 22.1).
  const assetIds = 'assetIds' in props ? [...props.assetIds] : [props.assetId];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [opened, setOpened] = useState(false);
  const lists = useLists(opened);
  const add = useAddToList();
  const create = useCreateList();

  const addTo = (listId: number) => {
    setAnchor(null);
    add.mutate({ listId, assetIds });
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PlaylistAddIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'add-to-list-menu' : undefined}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        disabled={add.isPending}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {t('lists.addToList')}
      </Button>
      <Menu
        id="add-to-list-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('lists.addToListMenu') } }}
      >
        {(lists.data?.own ?? []).map((list) => (
          <MenuItem key={list.id} onClick={() => addTo(list.id)}>
            <ListItemText
              primary={list.name}
              secondary={t('lists.itemCount', { count: list.itemCount })}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere', whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
        {(lists.data?.own.length ?? 0) > 0 && <Divider />}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setNaming(true);
          }}
        >
          {t('lists.newListEllipsis')}
        </MenuItem>
      </Menu>
      <ListNameDialog
        open={naming}
        titleKey="lists.newList"
        submitKey="lists.create"
        pending={create.isPending || add.isPending}
        onClose={() => setNaming(false)}
        onSubmit={(name) =>
          create.mutate(name, {
            onSuccess: (answer) => {
              setNaming(false);
              add.mutate({ listId: answer.list.id, assetIds });
            },
          })
        }
      />
    </>
  );
}
