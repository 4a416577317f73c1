import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { AdminTreeNode } from '@mediabox/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { errorKeys } from '../lib/admin-errors';
import { branchOf, pathName, type CatalogueTree } from '../lib/catalogue-tree';
import { NodePicker } from './node-picker';

interface MoveNodeDialogProps {
  tree: CatalogueTree;
  /** The category to move; the dialog is closed when null. */
  node: AdminTreeNode | null;
  pending: boolean;
  error: unknown;
  onMove: (parentId: number) => void;
  onCancel: () => void;
}

/**
 * Moving a category below another one. Its own branch is not offered (the server refuses such a
 * cycle anyway); its current parent is, but moving there changes nothing, so the button waits for
 * another choice.
 */
export function MoveNodeDialog({ tree, node, pending, error, onMove, onCancel }: MoveNodeDialogProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const titleId = useId();
  const [target, setTarget] = useState<number | null>(null);
  const [shownId, setShownId] = useState(node?.id ?? null);
  // The dialog keeps its last category while it fades out, so its title does not go blank.
  const [asked, setAsked] = useState(node);
  if (shownId !== (node?.id ?? null)) {
    setShownId(node?.id ?? null);
    setTarget(null);
  }
  if (node && node !== asked) setAsked(node);
  const exclude = useMemo(() => (asked ? branchOf(tree, asked.id) : new Set<number>()), [tree, asked]);
  const name = asked?.name[lang] ?? '';

  return (
    <Dialog open={node !== null} onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('admin.catalogue.moveDialog.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('admin.catalogue.moveDialog.text', {
            path: asked ? pathName(tree, asked.id, lang) : '',
          })}
        </DialogContentText>
        <NodePicker
          tree={tree}
          label={t('admin.catalogue.moveDialog.target')}
          value={target}
          onChange={setTarget}
          exclude={exclude}
          autoFocus
        />
        {error != null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t(errorKeys(error))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{t('admin.actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={pending || target === null || target === asked?.parentId}
          onClick={() => target !== null && onMove(target)}
        >
          {t('admin.catalogue.moveDialog.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
