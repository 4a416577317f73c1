import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack, { type StackProps } from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BundleProgress } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';

/**
 * "Dateien werden erstellt: 3 von 12" with a bar that fills as they are (issue 21.4): a bundle's
 * converted files being made, on the cart page and on the share page.
 */
export function MakingProgress({ progress, ...props }: { progress: BundleProgress } & StackProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} {...props}>
      <Typography variant="body2" color="text.secondary">
        {t('conversions.progress.making', { done: progress.done, total: progress.total })}
      </Typography>
      <Box>
        <LinearProgress
          variant="determinate"
          value={progress.total > 0 ? (100 * progress.done) / progress.total : 0}
          aria-label={t('conversions.progress.label')}
        />
      </Box>
    </Stack>
  );
}
