import { setStoredUser } from './user-store';

type Navigate = (to: string) => void | Promise<void>;

let ending = false;

/**
 * Forgets the stored user and goes to /login (logout, account deletion). While this runs the route
 * guard stays quiet: otherwise it would see the missing user first and redirect with `from=<page>`,
 * sending the next person who signs in on this device to the previous user's page.
 */
export async function endSession(navigate: Navigate): Promise<void> {
  ending = true;
  try {
    setStoredUser(null);
    await navigate('/login');
  } finally {
    ending = false;
  }
}

export function isEndingSession(): boolean {
  return ending;
}
