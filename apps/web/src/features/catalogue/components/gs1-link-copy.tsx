import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { copyText } from '../lib/copy-text';

/** Spec 2.5: the short GS1 image link, copyable; copying shows 'asset.copied'. */
export function Gs1LinkCopy({ link }: { link: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const url = new URL(link, window.location.origin).href;
  const copy = async () => {
    if (await copyText(url)) snackbar.show('asset.copied');
    else snackbar.show('asset.copyFailed', 'error');
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        fullWidth
        label={t('asset.gs1.label')}
        value={url}
        slotProps={{
          htmlInput: {
            readOnly: true,
            onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
          },
        }}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        sx={{ flexShrink: 0 }}
      >
        {t('asset.gs1.copy')}
      </Button>
    </Stack>
  );
}
