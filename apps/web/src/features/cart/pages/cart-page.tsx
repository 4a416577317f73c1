import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MediaType } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartContents } from '../../../shared/cart/cart-queries';
import { useCartChange } from '../../../shared/cart/use-cart-change';
import { useActivePresets } from '../../../shared/presets/preset-queries';
import { usePageTitle } from '../../../shared/ui/use-page-title';
import { CartActionsBar } from '../components/cart-actions-bar';
import { CartItemCards } from '../components/cart-item-cards';
import { CartPhoneBar } from '../components/cart-phone-bar';
import { CartTable } from '../components/cart-table';
import { CartTotalsText } from '../components/cart-totals-text';
import { ClearCartDialog } from '../components/clear-cart-dialog';
import { DownloadStatus } from '../components/download-status';
import { PresetForAllMenu } from '../components/preset-for-all-menu';
import { SendCartDialog } from '../components/send-cart-dialog';
import { SendSuccessSnackbar } from '../components/send-success-snackbar';
import { useCartDownload, useCartList } from '../hooks/use-cart-files';
import { useClearCart } from '../hooks/use-clear-cart';
import { useSendForm } from '../hooks/use-send-form';
import { anyFileChosen } from '../lib/cart-table';
import { cartTotals } from '../lib/cart-totals';
import { isMobileDevice } from '../lib/is-mobile-device';
import { anyPresetChosen } from '../lib/preset-choices';

/**
 * Spec 2.6 `/cart`. Below the desktop layout (no side drawer) the items are cards and download,
 * list and send sit in a bar at the bottom of the screen (issue 19.1); the table needs the width.
 * Issue 21.2–21.4: each item's presets with their verdicts, a preset for all items at once, and a
 * download that shows how far its converted files are made.
 */
export default function CartPage() {
  const { t } = useTranslation();
  usePageTitle('cart.pageTitle');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const contents = useCartContents();
  const presets = useActivePresets();
  const change = useCartChange();
  const download = useCartDownload();
  const list = useCartList();
  const clear = useClearCart();
  const [sendOpen, setSendOpen] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const [snackOpen, setSnackOpen] = useState(false);
  const sendForm = useSendForm(() => setSnackOpen(true));

  const items = contents.data?.items ?? [];
  const empty = contents.isSuccess && items.length === 0;
  // Spec 5 "while loading": the cart, a change to it, or a file being prepared.
  const loading =
    contents.isPending || change.isPending || download.isPending || list.isPending || clear.isPending;
  const rules = {
    mobile: isMobileDevice(),
    loading,
    empty: !contents.isSuccess || items.length === 0,
    anyFile: anyFileChosen(contents.data),
  };
  const totals = cartTotals(contents.data);
  const toggle = (assetId: number, format: MediaType, checked: boolean) =>
    change.mutate({ method: checked ? 'PUT' : 'DELETE', change: { assetId, format } });
  const remove = (assetId: number) => change.mutate({ method: 'DELETE', change: { assetId } });
  const presetHandlers = {
    presets: presets.data ?? [],
    onAddPreset: (assetId: number, preset: number) =>
      change.mutate({ method: 'PUT', change: { assetId, preset } }),
    onRemovePreset: (assetId: number, preset: number) =>
      change.mutate({ method: 'DELETE', change: { assetId, preset } }),
  };
  const startDownload = () => download.start(anyPresetChosen(contents.data));

  const openSend = () => {
    sendForm.reset();
    setSnackOpen(false);
    setSendOpen(true);
  };
  // Spec 4: the send state resets when the dialog opens or the snackbar closes.
  const closeSnack = () => {
    setSnackOpen(false);
    sendForm.reset();
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, color: 'primary.dark' }}>
        {t('cart.heading')}
      </Typography>
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <CartActionsBar
          {...rules}
          actions={phone ? ['clear'] : undefined}
          onDownload={startDownload}
          onList={list.start}
          onSend={openSend}
          onClear={() => setConfirmClear(true)}
        />
        {!phone && contents.isSuccess && !empty && <CartTotalsText totals={totals} color="text.secondary" />}
        {!phone && <DownloadStatus status={download.status} progress={download.progress} />}
      </Stack>
      {contents.isSuccess && !empty && (
        <Stack direction="row" sx={{ mt: -1 }}>
          <PresetForAllMenu
            contents={contents.data}
            presets={presets.data ?? []}
            disabled={loading}
            onChange={(preset, assetIds, on) =>
              change.mutate({ method: on ? 'PUT' : 'DELETE', change: { assetIds, preset } })
            }
          />
        </Stack>
      )}
      {contents.isPending ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4, justifyContent: 'center' }}>
          <CircularProgress size={28} aria-label={t('cart.loading')} />
        </Stack>
      ) : contents.isError ? (
        <Alert severity="error">{t('cart.errors.loadFailed')}</Alert>
      ) : empty ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('cart.empty')}</Typography>
        </Paper>
      ) : phone ? (
        <CartItemCards contents={contents.data} onToggle={toggle} onRemove={remove} {...presetHandlers} />
      ) : (
        <Paper variant="outlined">
          <CartTable
            contents={contents.data}
            onToggle={toggle}
            onToggleAll={(column, assetIds, checked) => {
              if (assetIds.length === 0) return;
              change.mutate({
                method: checked ? 'PUT' : 'DELETE',
                change: { assetIds, format: column.mediaType },
              });
            }}
            onRemove={remove}
            {...presetHandlers}
          />
        </Paper>
      )}
      {phone && contents.isSuccess && !empty && (
        <CartPhoneBar
          {...rules}
          totals={totals}
          downloadStatus={download.status}
          downloadProgress={download.progress}
          onDownload={startDownload}
          onList={list.start}
          onSend={openSend}
        />
      )}
      <SendCartDialog open={sendOpen} form={sendForm} onClose={() => setSendOpen(false)} />
      <SendSuccessSnackbar open={snackOpen} recipients={sendForm.sentCount} onClose={closeSnack} />
      <ClearCartDialog
        open={confirmClear}
        pending={clear.isPending}
        onNo={() => setConfirmClear(false)}
        onYes={() => clear.mutate(undefined, { onSettled: () => setConfirmClear(false) })}
      />
    </Stack>
  );
}
