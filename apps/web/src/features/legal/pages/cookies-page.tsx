/** Placeholder: replaced by the legal feature. */
export default function CookiesPage() {
  return null;
}
