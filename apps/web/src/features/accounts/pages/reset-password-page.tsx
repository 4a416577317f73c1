/** Placeholder: replaced by the accounts feature. */
export default function ResetPasswordPage() {
  return null;
}
