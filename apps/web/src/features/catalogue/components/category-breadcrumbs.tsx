import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CatalogueNode } from '@mediabox/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { localized } from '../lib/localized';
import { withoutOrderPrefix } from '../lib/menu-name';

/** Home, the categories above, and the current one; the country root itself is home. */
export function CategoryBreadcrumbs({ trail, current }: { trail: CatalogueNode[]; current?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const above = trail.filter((node) => node.parentId !== null);
  return (
    <Breadcrumbs aria-label={t('catalogue.breadcrumb')} sx={{ fontSize: '0.875rem' }}>
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        {t('nav.home')}
      </Link>
      {above.map((node) => (
        <Link key={node.id} component={RouterLink} to={`/${node.id}`} underline="hover" color="inherit">
          {withoutOrderPrefix(localized(node.name, lang))}
        </Link>
      ))}
      {current && (
        <Typography color="text.primary" aria-current="page" sx={{ fontSize: 'inherit' }}>
          {current}
        </Typography>
      )}
    </Breadcrumbs>
  );
}
