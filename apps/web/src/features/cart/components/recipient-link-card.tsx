import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BUNDLE_VALIDITY_DAYS, type RecipientLink } from '@mediabox/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/text/format';
import type { LinkAction } from '../api/link-api';
import { LinkDownloads } from './link-downloads';

const STATE_COLORS: Record<RecipientLink['state'], ChipProps['color']> = {
  active: 'success',
  revoked: 'error',
  expired: 'default',
};

/**
 * Which actions make sense in which state: an active link can be revoked, extended or sent again;
 * an expired one only extended (sending a dead link helps no one); a revoked one stays revoked.
 */
const ALLOWED: Record<RecipientLink['state'], readonly LinkAction[]> = {
  active: ['revoke', 'extend', 'resend'],
  expired: ['extend'],
  revoked: [],
};

interface RecipientLinkCardProps {
  link: RecipientLink;
  /** An action on any link of the list is running: one at a time. */
  busy: boolean;
  onAction: (action: LinkAction, link: RecipientLink) => void;
}

/**
 * One recipient of a sent cart and what happened at their own link (issue 20.2): state, when it
 * was sent, first opened and last used, until when it works, what was downloaded; and the sender's
 * actions, each named with the recipient for screen readers. Stacks on a phone.
 */
export function RecipientLinkCard({ link, busy, onAction }: RecipientLinkCardProps) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDateTime(value, i18n.language);
  const email = link.recipient;
  const facts: [string, string][] = [
    [t('messages.links.sent'), date(link.lastSentAt)],
    [
      t('messages.links.firstOpened'),
      link.firstOpenedAt ? date(link.firstOpenedAt) : t('messages.links.notOpened'),
    ],
    [
      t('messages.links.lastActivity'),
      link.lastActivityAt ? date(link.lastActivityAt) : t('messages.links.noActivity'),
    ],
    link.revokedAt
      ? [t('messages.links.revokedAt'), date(link.revokedAt)]
      : [t('messages.links.validUntil'), date(link.validUntil)],
  ];
  const allowed = ALLOWED[link.state];
  const button = (action: LinkAction, label: string, name: string, danger = false) => (
    <Button
      size="small"
      variant="outlined"
      color={danger ? 'error' : 'primary'}
      disabled={busy || !allowed.includes(action)}
      aria-label={name}
      onClick={() => onAction(action, link)}
    >
      {label}
    </Button>
  );
  const days = BUNDLE_VALIDITY_DAYS;

  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
          {email}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={STATE_COLORS[link.state]}
          label={t(`messages.links.state.${link.state}`)}
        />
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 2,
          rowGap: { xs: 0, sm: 0.25 },
          my: 1,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, mb: { xs: 0.75, sm: 0 } },
        }}
      >
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <Typography component="dt" variant="body2">
              {term}
            </Typography>
            <Typography component="dd" variant="body2">
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('messages.links.downloads')}
      </Typography>
      <LinkDownloads downloads={link.downloads} label={`${t('messages.links.downloads')}: ${email}`} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        {button('revoke', t('messages.links.revoke'), t('messages.links.revokeFor', { email }), true)}
        {button(
          'extend',
          t('messages.links.extend', { days }),
          t('messages.links.extendFor', { email, days }),
        )}
        {button('resend', t('messages.links.resend'), t('messages.links.resendFor', { email }))}
      </Stack>
    </Box>
  );
}
