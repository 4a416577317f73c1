import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Asset } from '@mediabox/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { downloadOptions } from '../lib/download-options';

/** Spec 2.3 grid card: a menu of the asset's media types, each a link to the file. */
export function DownloadMenu({ asset, name }: { asset: Asset; name: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const options = downloadOptions(asset, lang);
  return (
    <>
      <IconButton
        color="primary"
        aria-label={t('catalogue.downloads.menu', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <FileDownloadOutlinedIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={option.key}
            component="a"
            href={option.href}
            download={option.fileName}
            onClick={() => setAnchor(null)}
          >
            <ListItemText primary={option.label} secondary={option.detail} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
