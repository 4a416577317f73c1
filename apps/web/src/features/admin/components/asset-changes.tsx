import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminAsset } from '@mediabox/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { formatDateTime } from '../../../shared/text/format';
import { changeText } from '../lib/asset-change';

/**
 * The asset's withdrawals and replaced files, newest first, each with how many of its downloaders
 * were told and how many of those have had their mail (issue 20.3).
 */
export function AssetChanges({ asset }: { asset: AdminAsset }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const headingId = useId();
  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3">
        {t('admin.catalogue.changes.heading')}
      </Typography>
      {asset.changes.length === 0 ? (
        <Typography color="text.secondary">{t('admin.catalogue.changes.empty')}</Typography>
      ) : (
        <List dense disablePadding aria-labelledby={headingId}>
          {asset.changes.map((change) => {
            const text = changeText(change, lang);
            return (
              <ListItem key={change.id} disableGutters data-change-id={change.id}>
                <ListItemText
                  primary={`${t(text.key, text.values)} · ${formatDateTime(change.at, lang)}`}
                  secondary={t('admin.catalogue.changes.reach', {
                    count: change.told,
                    mailed: change.mailed,
                  })}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
