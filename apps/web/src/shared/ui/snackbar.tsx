import type { AlertColor } from '@mui/material/Alert';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredComponent } from './deferred-component';

/** A button in the message, e.g. 'Zum Warenkorb' after an addition; pressing it also closes the message. */
export interface SnackbarAction {
  labelKey: string;
  run: () => void;
}

interface SnackbarApi {
  /** Shows the translated `key` (e.g. 'snack.saved'); hides itself after 6 s (spec 8, 9). */
  show: (
    key: string,
    severity?: AlertColor,
    values?: Record<string, string | number>,
    action?: SnackbarAction,
  ) => void;
}

interface Message {
  id: number;
  key: string;
  severity: AlertColor;
  values?: Record<string, string | number>;
  action?: SnackbarAction;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

// Snackbar and alert are code no first render needs: they come shortly after start, or with the first message.
const useSnackbarMessage = deferredComponent(() => import('./snackbar-message'));

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  const SnackbarMessage = useSnackbarMessage(message !== null);

  const show = useCallback<SnackbarApi['show']>((key, severity = 'success', values, action) => {
    // A new id remounts the snackbar, so the auto-hide timer restarts for each message.
    setMessage({ id: Date.now() + Math.random(), key, severity, values, action });
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ show }), [show]);

  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') setOpen(false);
  };

  const action = message?.action;
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {message && SnackbarMessage && (
        <SnackbarMessage
          key={message.id}
          open={open}
          text={t(message.key, message.values)}
          severity={message.severity}
          onClose={close}
          action={
            action && {
              label: t(action.labelKey),
              run: () => {
                setOpen(false);
                action.run();
              },
            }
          }
        />
      )}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
