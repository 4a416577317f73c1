import Box from '@mui/material/Box';
import type { Asset } from '@mediabox/contract';
import { useRef } from 'react';
import { useElementWidth } from '../hooks/use-element-width';
import { DownloadOptionButtons } from './download-option-buttons';
import { DownloadOptionsTable } from './download-options-table';

/** Below this width the five columns of the table would have to scroll sideways. */
const TABLE_MIN_WIDTH = 640;

/** Spec 2.5 download options: the table where it fits, otherwise a stack of buttons. */
export function DownloadOptions({ asset }: { asset: Asset }) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  return (
    <Box ref={ref}>
      {width < TABLE_MIN_WIDTH ? (
        <DownloadOptionButtons asset={asset} />
      ) : (
        <DownloadOptionsTable asset={asset} />
      )}
    </Box>
  );
}
