import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Asset, AssetFile } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { fileFacts } from '../lib/file-facts';
import { formatFileSize, formatPixels } from '../lib/format';
import { localized } from '../lib/localized';

/** The files to offer: the asset's list, or its own original when the list is empty. */
function filesOf(
  asset: Asset,
): Pick<AssetFile, 'id' | 'mediaType' | 'mediaTypeName' | 'fileProperties' | 'originalTicket'>[] {
  return asset.files.length > 0 ? asset.files : [{ ...asset }];
}

/**
 * Spec 2.5 download options: one row per file — type, format (with the colour space, dpi and
 * transparency read from the file, issue 21.6), pixel size, file size, download link.
 */
export function DownloadOptionsTable({ asset }: { asset: Asset }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const headers = ['type', 'format', 'pixels', 'fileSize', 'download'].map((key) => `asset.downloads.${key}`);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('asset.downloads.title')}>
        <TableHead>
          <TableRow>
            {headers.map((key) => (
              <TableCell key={key}>{t(key)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {filesOf(asset).map((file) => {
            const type = localized(file.mediaTypeName, lang);
            const props = file.fileProperties;
            return (
              <TableRow key={`${file.id}-${file.mediaType}`}>
                <TableCell>{type}</TableCell>
                {/* What the file really is (format, colour space, dpi, transparency); pixels have their column. */}
                <TableCell>{fileFacts(props, t, { pixels: false })}</TableCell>
                <TableCell>{formatPixels(props.width, props.height)}</TableCell>
                <TableCell>{formatFileSize(props.fileSize, lang)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    href={file.originalTicket}
                    download={props.fileName}
                    startIcon={<FileDownloadOutlinedIcon />}
                    aria-label={t('asset.downloads.downloadNamed', { type })}
                  >
                    {t('asset.downloads.download')}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
