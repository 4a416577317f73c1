/** Placeholder: replaced by the accounts feature. */
export default function SignupPage() {
  return null;
}
