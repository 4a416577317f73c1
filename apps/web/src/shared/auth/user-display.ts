import { USER_NAME_DISPLAY_MAX, type UserSummary } from '@mediabox/contract';
import { truncate } from '../text/truncate';

type NamedUser = Pick<UserSummary, 'firstname' | 'lastname' | 'userName'>;

/** "firstname lastname" cut at 23 characters (spec 2.2, 9); the e-mail when no name is known. */
export function displayName(user: NamedUser): string {
  const full = `${user.firstname} ${user.lastname}`.trim() || user.userName;
  return truncate(full, USER_NAME_DISPLAY_MAX);
}

/** Two letters for the avatar. */
export function initials(user: NamedUser): string {
  const letters = [user.firstname, user.lastname].map((part) => part.trim().charAt(0)).join('');
  return (letters || user.userName.charAt(0) || '?').toUpperCase();
}
