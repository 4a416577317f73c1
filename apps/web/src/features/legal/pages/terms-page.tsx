import { useTranslation } from 'react-i18next';
import { LegalPageLayout } from '../legal-page-layout';
import { LegalSectionList } from '../legal-section-list';
import { useLegalValues } from '../use-legal-values';

/** /termsofservice: the terms of use in the active language. */
export default function TermsPage() {
  const { t } = useTranslation();
  const { values, productName, isError } = useLegalValues();

  return (
    <LegalPageLayout
      title={t('legal.terms.title')}
      productName={productName}
      loading={!values}
      failed={isError}
    >
      {values && <LegalSectionList sectionsKey="legal.terms.sections" values={values} />}
    </LegalPageLayout>
  );
}
