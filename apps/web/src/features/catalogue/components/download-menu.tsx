import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import IconButton from '@mui/material/IconButton';
import type { Asset } from '@mediabox/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredComponent } from '../../../shared/ui/deferred-component';

// Every card has this menu, but the menu (MUI's Menu, Popover and Modal) is only code for a click:
// it is fetched after the page has shown, or on the first click, instead of before the first cards.
const useDownloadMenuPopup = deferredComponent(() => import('./download-menu-popup'));

/** Spec 2.3 grid card: a menu of the asset's media types, each a link to the file. */
export function DownloadMenu({ asset, name }: { asset: Asset; name: string }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const DownloadMenuPopup = useDownloadMenuPopup(anchor !== null);
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
      {DownloadMenuPopup && (
        <DownloadMenuPopup id={menuId} asset={asset} anchor={anchor} onClose={() => setAnchor(null)} />
      )}
    </>
  );
}
