import { isEmail } from '@mediabox/contract';
import { useCallback, useRef } from 'react';
import { checkEmailAvailable } from '../api/accounts-api';

/**
 * Asks the server whether an address is still free (spec 5: mailExists is checked by the server).
 * Leaving the field and pressing next usually ask for the same address within milliseconds, so
 * one call per address is shared. `null` means "could not tell": the wizard then lets the user on,
 * because the signup call answers 409 for a taken address anyway.
 */
export function useEmailCheck() {
  const last = useRef<{ email: string; answer: Promise<boolean | null> } | null>(null);

  return useCallback((raw: string): Promise<boolean | null> => {
    const email = raw.trim().toLowerCase();
    if (!isEmail(email)) return Promise.resolve(null);
    if (last.current?.email === email) return last.current.answer;
    const answer = checkEmailAvailable(email).catch(() => null);
    last.current = { email, answer };
    return answer;
  }, []);
}
