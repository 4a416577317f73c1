/** Placeholder: replaced by the accounts feature. */
export default function ConfirmPage() {
  return null;
}
