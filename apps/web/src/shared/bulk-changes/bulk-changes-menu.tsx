import type { BulkChangeKind, BulkChangeProgress } from '@mediabox/contract';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAdminister } from '../auth/permissions';
import { useStoredUser } from '../auth/user-store';
import { deferredComponent } from '../ui/deferred-component';
import { MENU_KINDS } from './bulk-change-kinds';

export interface BulkChangesMenuProps {
  /** The selection: the assets the change is for. */
  assetIds: number[];
  /** Called when a change (or its undo) has finished, e.g. to reload the cards and clear the selection. */
  onDone: () => void;
}

// The dialogs and the progress are code only super users need, and only once they pick an action.
const useChangeDialog = deferredComponent(() => import('./bulk-change-dialog'));
const useProgress = deferredComponent(() => import('./bulk-change-progress'));

/** "Sammeländerung": a menu of bulk changes for the selection, for super users only (issue 22.5). */
export function BulkChangesMenu(props: BulkChangesMenuProps) {
  const user = useStoredUser();
  if (!canAdminister(user)) return null;
  return <SuperUserBulkChangesMenu {...props} />;
}

function SuperUserBulkChangesMenu({ assetIds, onDone }: BulkChangesMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [kind, setKind] = useState<BulkChangeKind | null>(null);
  const [started, setStarted] = useState<BulkChangeProgress | null>(null);
  const ChangeDialog = useChangeDialog(kind !== null);
  const Progress = useProgress(started !== null);

  return (
    <>
      <Button
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'bulk-changes-menu' : undefined}
        disabled={assetIds.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('bulkChanges.menu')}
      </Button>
      <Menu
        id="bulk-changes-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('bulkChanges.menu') } }}
      >
        {MENU_KINDS.map((option) => (
          <MenuItem
            key={option}
            onClick={() => {
              setAnchor(null);
              setKind(option);
            }}
          >
            {t(`bulkChanges.actions.${option}`)}
          </MenuItem>
        ))}
      </Menu>
      {kind !== null && ChangeDialog && (
        <ChangeDialog
          kind={kind}
          assetIds={assetIds}
          onClose={() => setKind(null)}
          onStarted={(progress) => {
            setKind(null);
            setStarted(progress);
          }}
        />
      )}
      {started !== null && Progress && (
        <Progress key={started.id} started={started} onDone={onDone} onClosed={() => setStarted(null)} />
      )}
    </>
  );
}
