import {
  APPROVAL_PROMISE_HOURS,
  BUNDLE_VALIDITY_DAYS,
  IP_RETENTION_DAYS,
  MAX_IMAGE_SCALE_PERCENT,
  PRODUCT_NAME,
  type CompanyOffice,
  type PublicSettingsAnswer,
} from '@mediabox/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/api/settings';
import type { LegalValues } from './legal-sections';

/** The office that acts as controller and main seat: the German one if configured, else the first. */
export function mainOffice(settings: PublicSettingsAnswer): CompanyOffice | undefined {
  return settings.offices.find((office) => office.country === 'germany') ?? settings.offices[0];
}

/** "Name, street, postcode city, country": the controller line of the privacy policy. */
export function officeAddress(office: CompanyOffice, t: TFunction): string {
  return `${office.name}, ${office.street}, ${office.postalCode} ${office.city}, ${t(`legal.countries.${office.country}`)}`;
}

/**
 * Everything the legal texts interpolate: operator and addresses from the server's configuration,
 * limits from the contract, so no text hard-codes a company or a number.
 */
export function legalValues(settings: PublicSettingsAnswer, t: TFunction): LegalValues {
  const office = mainOffice(settings);
  return {
    company: settings.companyName,
    product: settings.productName,
    supportEmail: settings.supportEmail,
    controller: office ? officeAddress(office, t) : settings.companyName,
    ipDays: IP_RETENTION_DAYS,
    maxScale: MAX_IMAGE_SCALE_PERCENT,
    bundleDays: BUNDLE_VALIDITY_DAYS,
    approvalHours: APPROVAL_PROMISE_HOURS,
  };
}

/** Settings plus the derived text values; `values` is null until the settings have loaded. */
export function useLegalValues(lng?: string) {
  const { t } = useTranslation(undefined, lng ? { lng } : undefined);
  const query = useSettings();
  return {
    settings: query.data,
    values: query.data ? legalValues(query.data, t) : null,
    productName: query.data?.productName ?? PRODUCT_NAME,
    isError: query.isError,
  };
}
