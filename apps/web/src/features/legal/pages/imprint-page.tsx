import type { CompanyOffice } from '@mediabox/contract';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LegalPageLayout } from '../legal-page-layout';
import { LegalSectionList } from '../legal-section-list';
import { OfficeSection } from '../office-section';
import { useLegalValues } from '../use-legal-values';

/** Spec 2.10 names the offices in this order. */
const ORDER: CompanyOffice['country'][] = ['germany', 'switzerland', 'austria'];
const byCountry = (a: CompanyOffice, b: CompanyOffice) => ORDER.indexOf(a.country) - ORDER.indexOf(b.country);

/** /imprint: the operator, one section per configured office, then the usual notices. */
export default function ImprintPage() {
  const { t } = useTranslation();
  const { settings, values, productName, isError } = useLegalValues();

  return (
    <LegalPageLayout
      title={t('legal.imprint.title')}
      productName={productName}
      loading={!values}
      failed={isError}
    >
      {settings && values && (
        <>
          <Typography variant="body1">{t('legal.imprint.intro', values)}</Typography>
          {[...settings.offices].sort(byCountry).map((office) => (
            <OfficeSection key={office.country} office={office} />
          ))}
          <LegalSectionList sectionsKey="legal.imprint.sections" values={values} />
        </>
      )}
    </LegalPageLayout>
  );
}
