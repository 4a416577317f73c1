/** Placeholder: replaced by the legal feature. */
export default function PrivacyPage() {
  return null;
}
