export {
  CONSENT_STORAGE_KEY,
  isTrackingAllowed,
  readConsent,
  subscribeConsent,
  useConsent,
  type ConsentDecision,
} from './consent-store';
export { saveConsent, syncConsent, useConsentSync } from './consent-sync';
