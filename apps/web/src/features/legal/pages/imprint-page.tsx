/** Placeholder: replaced by the legal feature. */
export default function ImprintPage() {
  return null;
}
