import type { BulkChangeKind, BulkChangeProgress } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { BulkChangeForm, changeOf, EMPTY_INPUT, type BulkChangeInput } from './bulk-change-form';
import { startBulkChange } from './bulk-changes-api';

export interface BulkChangeDialogProps {
  kind: BulkChangeKind;
  assetIds: number[];
  onClose: () => void;
  onStarted: (progress: BulkChangeProgress) => void;
}

/**
 * One bulk change: its inputs (none for withdraw and restore), then a confirmation naming how many
 * assets it changes ("50 Assets verschieben nach …?"), then the start. A refusal is shown in place.
 */
export default function BulkChangeDialog({ kind, assetIds, onClose, onStarted }: BulkChangeDialogProps) {
  const { t } = useTranslation();
  const needsInput = kind !== 'withdraw' && kind !== 'restore';
  const [input, setInput] = useState<BulkChangeInput>(EMPTY_INPUT);
  const [confirming, setConfirming] = useState(!needsInput);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = changeOf(kind, input);
  const count = new Set(assetIds).size;

  const start = async () => {
    if (!change) return;
    setPending(true);
    setError(null);
    try {
      onStarted(await startBulkChange(assetIds, change));
    } catch (err) {
      setError(err instanceof ApiError ? err.code : 'errors.network');
      setPending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="bulk-change-title"
    >
      <DialogTitle id="bulk-change-title">{t(`bulkChanges.actions.${kind}`)}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <DialogContentText>
            {t(`bulkChanges.confirm.${kind}`, {
              count,
              target: input.target?.path ?? '',
              keywords: change && 'keywords' in change ? change.keywords.join(', ') : '',
            })}
          </DialogContentText>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{t('bulkChanges.selected', { count })}</DialogContentText>
            <BulkChangeForm kind={kind} input={input} onChange={setInput} />
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={needsInput && confirming ? () => setConfirming(false) : onClose} disabled={pending}>
          {t(needsInput && confirming ? 'bulkChanges.back' : 'bulkChanges.cancel')}
        </Button>
        {confirming ? (
          <Button variant="contained" onClick={() => void start()} disabled={pending || !change}>
            {t('bulkChanges.apply', { count })}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={!change}>
            {t('bulkChanges.next')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
