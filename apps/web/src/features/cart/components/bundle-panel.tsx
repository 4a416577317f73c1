import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Download, Message } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '../../../shared/text/format';
import { BundleArticles } from './bundle-articles';
import { BundleDownloadButton } from './bundle-download-button';
import { RecipientLinks } from './recipient-links';

interface BundlePanelProps {
  bundle: Download | Message;
  mobile: boolean;
}

const isMessage = (bundle: Download | Message): bundle is Message => 'email' in bundle;

/**
 * Spec 2.7: one expandable panel per message or download. The summary line shows the created date
 * (DD.MM.YYYY HH:mm), for messages the recipient, and the number of articles with their total size;
 * the details show the validity (created + 14 days, `validUntil`), a message's text, each
 * recipient's own link with its activity and actions (issue 20.2), the articles and the download
 * button.
 */
export function BundlePanel({ bundle, mobile }: BundlePanelProps) {
  const { t, i18n } = useTranslation();
  const id = `bundle-${bundle._id}`;
  const message = isMessage(bundle) ? bundle : undefined;
  const created = formatDateTime(bundle.created, i18n.language);
  const articles = t('bundles.articles', {
    count: bundle.items.length,
    size: formatFileSize(bundle.filesize, i18n.language),
  });

  return (
    <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-details`} id={`${id}-summary`}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.25, sm: 2 }}
          sx={{ width: '100%', alignItems: { sm: 'center' }, pr: 1 }}
        >
          <Typography sx={{ fontWeight: 600, minWidth: 140 }}>{created}</Typography>
          {message && (
            <Typography sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
              {t('bundles.recipient', { email: message.email })}
            </Typography>
          )}
          <Typography color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {articles}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-details`}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('bundles.validUntil', { date: formatDateTime(bundle.validUntil, i18n.language) })}
          </Typography>
          {message?.subject && (
            <Box>
              <Typography variant="overline">{t('bundles.subject')}</Typography>
              <Typography>{message.subject}</Typography>
            </Box>
          )}
          {message?.text && (
            <Box>
              <Typography variant="overline">{t('bundles.text')}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message.text}</Typography>
            </Box>
          )}
          {message && message.recipients.length > 0 && (
            <RecipientLinks links={message.recipients} idPrefix={id} />
          )}
          <Box>
            <Typography variant="overline">{t('bundles.articlesTitle')}</Typography>
            <BundleArticles items={bundle.items} idPrefix={id} />
          </Box>
          <Box>
            <BundleDownloadButton filename={bundle.filename} mobile={mobile} />
          </Box>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
