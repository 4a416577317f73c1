import { USER_NAME_DISPLAY_MAX } from '@mediabox/contract';
import { describe, expect, it } from 'vitest';
import { displayName, initials } from './user-display';

const user = (firstname: string, lastname: string, userName = 'x@example.com') => ({
  firstname,
  lastname,
  userName,
});

describe('displayName', () => {
  it('keeps names up to 23 characters', () => {
    const name = user('Anna-Lena', 'Musterfrau123'); // 9 + 1 + 13 = 23
    expect(displayName(name)).toBe('Anna-Lena Musterfrau123');
  });

  it('cuts longer names at 23 characters', () => {
    const shown = displayName(user('Maximiliane-Theresa', 'Schwarzenberger'));
    expect(shown).toBe('Maximiliane-Theresa Sch…');
    expect(shown.replace('…', '')).toHaveLength(USER_NAME_DISPLAY_MAX);
  });

  it('falls back to the e-mail when no name is known', () => {
    expect(displayName(user('', '', 'info@example.com'))).toBe('info@example.com');
  });
});

describe('initials', () => {
  it('takes the first letters of first and last name', () => {
    expect(initials(user('anna', 'beispiel'))).toBe('AB');
    expect(initials(user('', '', 'info@example.com'))).toBe('I');
  });
});
