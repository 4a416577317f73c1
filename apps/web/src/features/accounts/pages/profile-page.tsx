/** Placeholder: replaced by the accounts feature. */
export default function ProfilePage() {
  return null;
}
