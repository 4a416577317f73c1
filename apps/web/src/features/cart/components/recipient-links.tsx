import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecipientLink } from '@mediabox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkAction } from '../api/link-api';
import { useLinkAction } from '../hooks/use-link-action';
import { RecipientLinkCard } from './recipient-link-card';
import { RevokeLinkDialog } from './revoke-link-dialog';

/**
 * The "Recipients" section of a sent cart's panel (issue 20.2): one card per recipient's own link.
 * Revoking asks first; extending and sending again run at once.
 */
export function RecipientLinks({ links, idPrefix }: { links: readonly RecipientLink[]; idPrefix: string }) {
  const { t } = useTranslation();
  const action = useLinkAction();
  const [revoking, setRevoking] = useState<RecipientLink | null>(null);
  const headingId = `${idPrefix}-recipients`;

  const onAction = (kind: LinkAction, link: RecipientLink) => {
    if (kind === 'revoke') setRevoking(link);
    else action.mutate({ action: kind, link });
  };
  const confirmRevoke = () => {
    if (revoking) action.mutate({ action: 'revoke', link: revoking });
    setRevoking(null);
  };

  return (
    <Box>
      <Typography variant="overline" component="h2" id={headingId}>
        {t('messages.links.title')}
      </Typography>
      <Stack component="ul" spacing={1} aria-labelledby={headingId} sx={{ m: 0, p: 0 }}>
        {links.map((link) => (
          <RecipientLinkCard key={link.name} link={link} busy={action.isPending} onAction={onAction} />
        ))}
      </Stack>
      <RevokeLinkDialog
        recipient={revoking?.recipient ?? null}
        onYes={confirmRevoke}
        onNo={() => setRevoking(null)}
      />
    </Box>
  );
}
