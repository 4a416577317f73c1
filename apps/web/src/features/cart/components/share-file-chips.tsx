import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ShareFile } from '@mediabox/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';

/** The key of each state a share page file shows a chip for; an available file shows none. */
const STATE_KEYS: Partial<Record<ShareFile['status'], string>> = {
  withdrawn: 'download.withdrawn',
  replaced: 'download.replaced',
  preparing: 'conversions.share.preparing',
  failed: 'conversions.share.failed',
};

/**
 * What sets a share page file apart beside its facts: the preset it is converted with (issue 21.2)
 * and its state (issue 20.3, 21.4).
 */
export function ShareFileChips({ file }: { file: ShareFile }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const state = STATE_KEYS[file.status];
  if (!file.preset && !state) return null;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap', my: 0.25 }}>
      {file.preset && (
        <Chip
          size="small"
          color="primary"
          label={t('conversions.share.preset', { name: file.preset[lang] })}
        />
      )}
      {state && (
        <Chip
          size="small"
          variant="outlined"
          color={file.status === 'replaced' ? 'primary' : file.status === 'failed' ? 'error' : 'default'}
          label={t(state)}
        />
      )}
    </Stack>
  );
}

/**
 * Why a conversion failed, in words: the failure is a media rejection code (media.errors.tooLarge,
 * media.errors.damaged, …), translated where the app knows it, otherwise a general sentence.
 */
export function failureText(failure: string | null, t: TFunction, exists: (key: string) => boolean): string {
  return failure && exists(failure) ? t(failure) : t('conversions.share.failedUnknown');
}
