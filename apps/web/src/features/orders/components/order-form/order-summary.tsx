import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatFileSize } from '../../../../shared/text/format';
import {
  COUNTRY_FLAGS,
  PACKSHOT_GTIN_TYPES,
  PACKSHOT_TYPES,
  saveValues,
  type OrderFormValues,
} from '../../lib/order-form-values';

export interface SummaryRow {
  label: string;
  value: ReactNode;
}

interface OrderSummaryProps {
  values: OrderFormValues;
  /** Rows shown before the form's own (order number, status, …). */
  leading?: SummaryRow[];
  /** Files about to be uploaded; omitted where files are shown elsewhere. */
  files?: readonly File[];
}

/**
 * Read-only view of an order's fields: the wizard's summary step and the detail page's Basisdaten.
 * It shows what is saved, so GTINs of unticked packshot types do not appear.
 */
export function OrderSummary({ values: raw, leading = [], files }: OrderSummaryProps) {
  const { t, i18n } = useTranslation();
  const values = saveValues(raw);
  const { packshot } = values;
  const list = (items: string[]) => (items.length > 0 ? items.join(', ') : undefined);

  const rows: SummaryRow[] = [
    ...leading,
    { label: t('orderForm.kind.label'), value: t(`orderForm.kind.${values.new}`) },
    ...(values.new === 'no'
      ? [
          {
            label: t('orderForm.change.label'),
            value: list(
              (['data', 'packshot'] as const)
                .filter((key) => values.change[key])
                .map((key) => t(`orderForm.change.${key}`)),
            ),
          },
        ]
      : []),
    { label: t('orderForm.article.name'), value: values.name },
    { label: t('orderForm.article.articleId'), value: values.articleId },
    { label: t('orderForm.article.gtin'), value: values.gtin },
    {
      label: t('orderForm.countries.label'),
      value: list(
        COUNTRY_FLAGS.filter((flag) => values[flag]).map((flag) => t(`orderForm.countries.${flag}`)),
      ),
    },
    {
      label: t('orderForm.packshot.label'),
      value: list(
        PACKSHOT_TYPES.filter((type) => packshot[type]).map((type) => t(`orderForm.packshot.${type}`)),
      ),
    },
    ...PACKSHOT_GTIN_TYPES.filter((type) => packshot[type] && packshot.gtin[type]).map((type) => ({
      label: t(`orderForm.packshot.gtin.${type}`),
      value: packshot.gtin[type],
    })),
    ...(packshot.display && packshot.articleId.display
      ? [{ label: t('orderForm.packshot.displayArticleId'), value: packshot.articleId.display }]
      : []),
    { label: t('orderForm.packshot.description'), value: packshot.description },
    { label: t('orderForm.dates.internalDate'), value: formatDay(values.internalDate, i18n.language) },
    { label: t('orderForm.dates.externalDate'), value: formatDay(values.externalDate, i18n.language) },
    {
      label: t('orderForm.vertretung'),
      value: list(values.vertretung.split(/[,;\s]+/).filter(Boolean)),
    },
    { label: t('orderForm.description'), value: values.description },
  ];
  if (files) {
    rows.push({
      label: t('orderForm.summary.files'),
      value:
        files.length > 0 ? (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {files.map((file, index) => (
              <li key={`${index}:${file.name}`}>
                {file.name} ({formatFileSize(file.size, i18n.language)})
              </li>
            ))}
          </Box>
        ) : (
          t('orderForm.summary.noFiles')
        ),
    });
  }

  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, 1fr) 3fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
        m: 0,
        '& dt': { color: 'text.secondary', mt: { xs: 1.5, sm: 0 } },
        '& dd': { m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <dt>{row.label}</dt>
          <dd>{row.value === undefined || row.value === '' ? t('orderForm.summary.empty') : row.value}</dd>
        </Box>
      ))}
    </Box>
  );
}
