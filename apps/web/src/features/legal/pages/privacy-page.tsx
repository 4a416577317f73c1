import { useTranslation } from 'react-i18next';
import { LegalPageLayout } from '../legal-page-layout';
import { LegalSectionList } from '../legal-section-list';
import { TrackingOptOut } from '../tracking-opt-out';
import { useLegalValues } from '../use-legal-values';

/** /privacy: the privacy policy in the active language, with the tracking opt-out frame. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const { values, productName, isError } = useLegalValues();

  return (
    <LegalPageLayout
      title={t('legal.privacy.title')}
      productName={productName}
      loading={!values}
      failed={isError}
    >
      {values && (
        <>
          <LegalSectionList sectionsKey="legal.privacy.sections" values={values} />
          <TrackingOptOut />
        </>
      )}
    </LegalPageLayout>
  );
}
