import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { toGtin14, type Asset } from '@mediabox/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { colorspaceLabel } from '../lib/colorspace';
import { formatDateTime, formatPixels } from '../lib/format';
import { customField, imageCategoryLabel } from '../lib/image-category';

type UserRef = NonNullable<Asset['createdByUser']>;

function UserLink({ user }: { user: UserRef }) {
  const name = `${user.firstname} ${user.lastname}`.trim() || user.userName;
  return <Link href={`mailto:${user.userName}`}>{name}</Link>;
}

/**
 * Spec 2.5 metadata: GTIN, image category, version, variant, size, dpi, colour space, date; super
 * users also see who created and last modified the asset (the server sends those only to them).
 */
export function AssetMetadataTable({ asset, superUser }: { asset: Asset; superUser: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const gtin = asset.gtin ?? customField(asset, 'gtin');
  const { width, height, dpiX, colorspace } = asset.fileProperties;
  const rows: [string, ReactNode][] = [
    ['asset.metadata.gtin', gtin ? toGtin14(gtin) : undefined],
    ['asset.metadata.imageCategory', imageCategoryLabel(customField(asset, 'imageCategory'), lang)],
    ['asset.metadata.version', customField(asset, 'version')],
    ['asset.metadata.variant', customField(asset, 'variant')],
    ['asset.metadata.size', width && height ? formatPixels(width, height) : undefined],
    ['asset.metadata.dpi', dpiX ? `${Math.round(dpiX)} dpi` : undefined],
    ['asset.metadata.colorspace', colorspace ? colorspaceLabel(colorspace, t) : undefined],
    ['asset.metadata.date', formatDateTime(asset.creationDate, lang) || undefined],
  ];
  if (superUser && asset.createdByUser) {
    rows.push(['asset.metadata.createdBy', <UserLink key="created" user={asset.createdByUser} />]);
  }
  if (superUser && asset.lastModifiedByUser) {
    rows.push(['asset.metadata.modifiedBy', <UserLink key="modified" user={asset.lastModifiedByUser} />]);
  }
  return (
    <Table size="small" aria-label={t('asset.metadata.title')}>
      <TableBody>
        {rows.map(([key, value]) => (
          <TableRow key={key}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%' }}>
              {t(key)}
            </TableCell>
            <TableCell>{value ?? '–'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
