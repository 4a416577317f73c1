import { useTranslation } from 'react-i18next';
import { LegalPageLayout } from '../legal-page-layout';
import { LegalSectionList } from '../legal-section-list';
import { useLegalValues } from '../use-legal-values';

/** The spec offers the cookie policy in English only, whatever the active language. */
const LANGUAGE = 'en';

/** /cookies: what the portal keeps in the browser and how to remove it. */
export default function CookiesPage() {
  const { t } = useTranslation(undefined, { lng: LANGUAGE });
  const { values, productName, isError } = useLegalValues(LANGUAGE);

  return (
    <LegalPageLayout
      title={t('legal.cookies.title')}
      productName={productName}
      loading={!values}
      failed={isError}
      lng={LANGUAGE}
    >
      {values && <LegalSectionList sectionsKey="legal.cookies.sections" values={values} lng={LANGUAGE} />}
    </LegalPageLayout>
  );
}
