import type { BulkChangeProgress as Progress } from '@mediabox/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { fetchBulkChange, undoBulkChange } from './bulk-changes-api';

/** How often a running change is asked for its progress. */
export const POLL_MS = 1000;
/** How long the message after an undo stays. */
const UNDONE_MESSAGE_MS = 6000;

const isRunning = (state: Progress['state']) => state === 'running' || state === 'undoing';

export interface BulkChangeProgressProps {
  started: Progress;
  /** The change or its undo has finished: the caller reloads what it shows. */
  onDone: () => void;
  /** The final message is gone. */
  onClosed: () => void;
}

/**
 * A started bulk change: a progress bar while it runs (polled), then a message with what it did and
 * "Rückgängig" for as long as the server allows the undo (10 minutes).
 */
export default function BulkChangeProgress({ started, onDone, onClosed }: BulkChangeProgressProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = ['bulkChanges', 'progress', started.id];
  const progress = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchBulkChange(started.id, signal),
    initialData: started,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.state) ? POLL_MS : false),
  });
  const current = progress.data;
  const [undoError, setUndoError] = useState<string | null>(null);
  const [undoPending, setUndoPending] = useState(false);

  // Tells the caller once per finish: after the change, and again after its undo.
  const finished = useRef(new Set<string>());
  useEffect(() => {
    if (isRunning(current.state) || finished.current.has(current.state)) return;
    finished.current.add(current.state);
    onDone();
  }, [current.state, onDone]);

  const undo = async () => {
    setUndoPending(true);
    setUndoError(null);
    try {
      client.setQueryData(key, await undoBulkChange(started.id));
    } catch (err) {
      setUndoError(err instanceof ApiError ? err.code : 'errors.network');
    } finally {
      setUndoPending(false);
    }
  };

  if (isRunning(current.state)) {
    const undoing = current.state === 'undoing';
    const [done, total] = undoing ? [current.undone, current.changed] : [current.done, current.total];
    return (
      <Dialog open fullWidth maxWidth="sm" aria-labelledby="bulk-progress-title">
        <DialogTitle id="bulk-progress-title">
          {t(undoing ? 'bulkChanges.progress.undoing' : `bulkChanges.actions.${current.kind}`)}
        </DialogTitle>
        <DialogContent>
          <LinearProgress
            variant="determinate"
            value={total === 0 ? 100 : (done / total) * 100}
            aria-label={t('bulkChanges.progress.label')}
          />
          <DialogContentText sx={{ mt: 2 }}>
            {t('bulkChanges.progress.count', { done, total })}
          </DialogContentText>
        </DialogContent>
      </Dialog>
    );
  }

  const until = current.undoableUntil ? Date.parse(current.undoableUntil) : null;
  const skipped = current.skipped.reduce((sum, skip) => sum + skip.count, 0);
  const message =
    current.state === 'undone'
      ? undoneMessage(t, current)
      : t(current.state === 'failed' ? 'bulkChanges.result.failed' : 'bulkChanges.result.done', {
          count: current.changed,
          skipped,
          done: current.done,
          total: current.total,
        });
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      autoHideDuration={until === null ? UNDONE_MESSAGE_MS : Math.max(0, until - Date.now())}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClosed();
      }}
    >
      <Alert
        severity={current.state === 'failed' || undoError ? 'warning' : 'success'}
        onClose={onClosed}
        action={
          until !== null ? (
            <Button color="inherit" size="small" disabled={undoPending} onClick={() => void undo()}>
              {t('bulkChanges.undo')}
            </Button>
          ) : undefined
        }
      >
        {message}
        {undoError && ` ${t(undoError)}`}
      </Alert>
    </Snackbar>
  );
}

/** How many assets are as before, and (only if any) how many keep an edit made after the change. */
function undoneMessage(t: TFunction, { undone, keptLaterEdits }: Progress): string {
  const putBack = t('bulkChanges.result.undone', { count: undone - keptLaterEdits });
  return keptLaterEdits === 0
    ? putBack
    : `${putBack} ${t('bulkChanges.result.keptLaterEdits', { count: keptLaterEdits })}`;
}
