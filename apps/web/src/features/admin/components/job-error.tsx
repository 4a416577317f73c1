import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortError } from '../lib/jobs';

/**
 * A job's last error in a table cell: its first line, shortened, with the whole text on hover and
 * behind "Show all" (a mail server's answer or a stack can run over many lines).
 */
export function JobError({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (error === null) return <Typography color="text.secondary">–</Typography>;
  const short = shortError(error);
  const cut = short !== error;
  return (
    <Box>
      <Box
        component="code"
        title={cut && !open ? error : undefined}
        sx={{ display: 'block', fontSize: '0.8rem', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      >
        {open ? error : short}
      </Box>
      {cut && (
        <Link
          component="button"
          type="button"
          variant="body2"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('admin.jobs.showLess') : t('admin.jobs.showAll')}
        </Link>
      )}
    </Box>
  );
}
