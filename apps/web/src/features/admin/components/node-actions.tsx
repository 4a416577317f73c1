import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { AdminTreeNode, NodeNames } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useCreateNode, useDeleteNode, useUpdateNode } from '../api/catalogue-api';
import { useLanguage } from '../../../shared/i18n/use-language';
import { errorKeys } from '../lib/admin-errors';
import { catalogueHref } from '../lib/catalogue-paths';
import { isCountryRoot, isEmptyNode, type CatalogueTree } from '../lib/catalogue-tree';
import { ConfirmDialog } from './confirm-dialog';
import { MoveNodeDialog } from './move-node-dialog';
import { NodeNameDialog } from './node-name-dialog';

type Open = 'create' | 'rename' | 'move' | 'delete' | null;

/**
 * What can be done to the selected category: a sub-category, new names, another place, deletion.
 * Country roots stay where they are (the server refuses), and only an empty category can be deleted
 * (assets, withdrawn ones included, would lose their place), so those buttons are not offered.
 */
export function NodeActions({ tree, node }: { tree: CatalogueTree; node: AdminTreeNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const create = useCreateNode();
  const rename = useUpdateNode();
  const move = useUpdateNode();
  const remove = useDeleteNode();
  const name = node.name[lang];
  const root = isCountryRoot(node);

  const show = (dialog: Exclude<Open, null>) => {
    for (const mutation of [create, rename, move, remove]) mutation.reset();
    setOpen(dialog);
  };
  const close = () => setOpen(null);

  const createChild = (names: NodeNames) =>
    create.mutate(
      { parentId: node.id, name: names },
      {
        onSuccess: (created) => {
          close();
          snackbar.show('admin.catalogue.created', 'success', { name: created.name[lang] });
          // The admin usually fills a new category next: it opens at once.
          void navigate(catalogueHref(created.id));
        },
      },
    );
  const renameNode = (names: NodeNames) =>
    rename.mutate(
      { id: node.id, change: { name: names } },
      {
        onSuccess: (renamed) => {
          close();
          snackbar.show('admin.catalogue.renamed', 'success', { name: renamed.name[lang] });
        },
      },
    );
  const moveNode = (parentId: number) =>
    move.mutate(
      { id: node.id, change: { parentId } },
      {
        onSuccess: () => {
          close();
          snackbar.show('admin.catalogue.moved', 'success', { name });
        },
      },
    );
  const deleteNode = () =>
    remove.mutate(node.id, {
      onSuccess: () => {
        close();
        snackbar.show('admin.catalogue.deleted', 'success', { name });
        void navigate(catalogueHref(node.parentId ?? node.rootId), { replace: true });
      },
    });

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => show('create')}>
          {t('admin.catalogue.actions.create')}
        </Button>
        <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => show('rename')}>
          {t('admin.catalogue.actions.rename')}
        </Button>
        {!root && (
          <Button size="small" startIcon={<DriveFileMoveOutlinedIcon />} onClick={() => show('move')}>
            {t('admin.catalogue.actions.move')}
          </Button>
        )}
        {!root && isEmptyNode(tree, node) && (
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => show('delete')}>
            {t('admin.catalogue.actions.delete')}
          </Button>
        )}
      </Stack>
      <NodeNameDialog
        open={open === 'create'}
        title={t('admin.catalogue.nameDialog.createTitle', { parent: name })}
        submitLabel={t('admin.catalogue.nameDialog.create')}
        initial={null}
        pending={create.isPending}
        error={create.error}
        onSubmit={createChild}
        onCancel={close}
      />
      <NodeNameDialog
        open={open === 'rename'}
        title={t('admin.catalogue.nameDialog.renameTitle', { name })}
        submitLabel={t('admin.catalogue.nameDialog.save')}
        initial={node.name}
        pending={rename.isPending}
        error={rename.error}
        onSubmit={renameNode}
        onCancel={close}
      />
      <MoveNodeDialog
        tree={tree}
        node={open === 'move' ? node : null}
        pending={move.isPending}
        error={move.error}
        onMove={moveNode}
        onCancel={close}
      />
      <ConfirmDialog
        open={open === 'delete'}
        title={t('admin.catalogue.deleteDialog.title')}
        text={t('admin.catalogue.deleteDialog.text', { name })}
        confirmLabel={t('admin.catalogue.deleteDialog.yes')}
        pending={remove.isPending}
        error={remove.isError ? errorKeys(remove.error) : null}
        onConfirm={deleteNode}
        onCancel={close}
      />
    </>
  );
}
