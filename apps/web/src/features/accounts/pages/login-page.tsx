/** Placeholder: replaced by the accounts feature. */
export default function LoginPage() {
  return null;
}
