import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CATALOGUE_UPLOAD_MAX_BYTES,
  MAIN_MEDIA_TYPE,
  MEDIA_TYPE_IDS,
  type AdminAsset,
} from '@mediabox/contract';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { useReplaceFile } from '../api/catalogue-upload';
import { useLanguage } from '../../../shared/i18n/use-language';
import { mediaTypeName } from '../lib/admin-asset';
import { errorKeys } from '../lib/admin-errors';
import { newChange } from '../lib/asset-change';
import { refusalCodeOf, refusalKeys } from '../lib/upload-refusals';

/**
 * A new version of one media type: choose the type, then the file, which is sent at once. Nothing
 * is lost by a mistake (the old version stays in the history), so there is no second question.
 */
export function ReplaceFileForm({ asset }: { asset: AdminAsset }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const snackbar = useSnackbar();
  const replace = useReplaceFile();
  const [mediaType, setMediaType] = useState<number>(MAIN_MEDIA_TYPE);
  const [tooLarge, setTooLarge] = useState(false);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after a refusal) fires a change.
    event.target.value = '';
    if (!file) return;
    replace.reset();
    // The server would refuse it after all the bytes went out; it is said at once instead.
    setTooLarge(file.size > CATALOGUE_UPLOAD_MAX_BYTES);
    if (file.size > CATALOGUE_UPLOAD_MAX_BYTES) return;
    replace.mutate(
      { assetId: asset.id, mediaType, file },
      {
        onSuccess: (changed) => {
          // Those who downloaded the old version will be told; a media type's first file replaces nothing.
          const change = newChange(asset, changed, 'replaced');
          const values = { mediaType: mediaTypeName(mediaType, lang) };
          if (change)
            snackbar.show('admin.takedowns.replacedTold', 'success', { ...values, count: change.told });
          else snackbar.show('admin.catalogue.files.replaced', 'success', values);
        },
      },
    );
  };

  // A 422 names the file and why; other failures (413, network) have their own text.
  const refusal = refusalCodeOf(replace.error);
  const error = tooLarge
    ? ['admin.catalogue.errors.fileTooLarge']
    : refusal
      ? refusalKeys(refusal)
      : replace.isError
        ? errorKeys(replace.error)
        : null;

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="subtitle2" component="h4">
        {t('admin.catalogue.files.replaceHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.catalogue.files.replaceHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('admin.catalogue.files.mediaType')}
          value={mediaType}
          onChange={(event) => setMediaType(Number(event.target.value))}
          disabled={replace.isPending}
          sx={{ minWidth: 260 }}
        >
          {MEDIA_TYPE_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {mediaTypeName(id, lang)}
            </MenuItem>
          ))}
        </TextField>
        <Button component="label" variant="outlined" disabled={replace.isPending}>
          {t('admin.catalogue.files.replace')}
          <input hidden type="file" onChange={onFile} disabled={replace.isPending} />
        </Button>
      </Stack>
      {replace.progress !== null && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={replace.progress}
            aria-label={t('admin.catalogue.upload.progressLabel')}
          />
          <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
            {t('admin.catalogue.files.progress', { percent: replace.progress })}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t(error)}
        </Alert>
      )}
    </Box>
  );
}
