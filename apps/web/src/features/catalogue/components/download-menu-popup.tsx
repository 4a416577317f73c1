import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Asset } from '@mediabox/contract';
import { useLanguage } from '../../../shared/i18n/use-language';
import { downloadOptions } from '../lib/download-options';

interface DownloadMenuPopupProps {
  id: string;
  asset: Asset;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The open download menu of a grid card: the asset's media types, each a link to the file. */
export default function DownloadMenuPopup({ id, asset, anchor, onClose }: DownloadMenuPopupProps) {
  const lang = useLanguage();
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {downloadOptions(asset, lang).map((option) => (
        <MenuItem
          key={option.key}
          component="a"
          href={option.href}
          download={option.fileName}
          onClick={onClose}
        >
          <ListItemText primary={option.label} secondary={option.detail} />
        </MenuItem>
      ))}
    </Menu>
  );
}
