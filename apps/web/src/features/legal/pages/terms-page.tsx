/** Placeholder: replaced by the legal feature. */
export default function TermsPage() {
  return null;
}
