import { describe, expect, it } from 'vitest';
import { testUser } from '../testing/test-user';
import { isStoredUser } from './stored-user-shape';

describe('isStoredUser', () => {
  it('accepts what the login answer stores', () => {
    expect(isStoredUser(testUser())).toBe(true);
    expect(isStoredUser(JSON.parse(JSON.stringify(testUser({ isSuperUser: true, lang: 'fr' }))))).toBe(true);
  });

  it('refuses anything else: missing or mistyped fields, an unknown language, no object', () => {
    const { token: _token, ...withoutToken } = testUser();
    expect(isStoredUser(withoutToken)).toBe(false);
    expect(isStoredUser({ ...testUser(), userId: '7' })).toBe(false);
    expect(isStoredUser({ ...testUser(), userId: 7.5 })).toBe(false);
    expect(isStoredUser({ ...testUser(), jde: 'false' })).toBe(false);
    expect(isStoredUser({ ...testUser(), lang: 'es' })).toBe(false);
    expect(isStoredUser(null)).toBe(false);
    expect(isStoredUser('user')).toBe(false);
  });
});
