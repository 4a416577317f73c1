import type { StoredUser } from '@mediabox/contract';

/** The signed-in user of component and page tests; each test changes what it needs. */
export function testUser(changes: Partial<StoredUser> = {}): StoredUser {
  return {
    token: 'test-token',
    userId: 7,
    userName: 'anna.beispiel@example.com',
    firstname: 'Anna',
    lastname: 'Beispiel',
    company: 'Rösterei Beispiel GmbH',
    phone: '',
    isSuperUser: false,
    jde: false,
    lang: 'en',
    ...changes,
  };
}
