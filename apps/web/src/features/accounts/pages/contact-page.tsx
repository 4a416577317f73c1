/** Placeholder: replaced by the accounts feature. */
export default function ContactPage() {
  return null;
}
