import { describe, expect, it } from 'vitest';
import { compareMenuNames, menuName, withoutOrderPrefix } from './menu-name';

describe('menuName (spec 2.2 / 9)', () => {
  it('keeps names of up to 25 characters', () => {
    expect(menuName('Kaffee')).toBe('Kaffee');
    expect(menuName('A'.repeat(25))).toBe('A'.repeat(25));
  });

  it('cuts longer names at 25 characters with an ellipsis', () => {
    expect(menuName('Kaffeevollautomaten und Zubehör')).toBe('Kaffeevollautomaten und Z…');
    expect(Array.from(menuName('B'.repeat(40))).length).toBe(26);
  });

  it('hides a three-digit prefix and allows 30 characters for such names', () => {
    expect(menuName('010 Kaffee')).toBe('Kaffee');
    // 30 characters including the hidden "010 " prefix: 26 visible, uncut.
    const thirty = `010 ${'C'.repeat(26)}`;
    expect(menuName(thirty)).toBe('C'.repeat(26));
    // Longer: cut at 30, then the prefix is dropped.
    expect(menuName('020 Kaffeevollautomaten und Zubehör')).toBe('Kaffeevollautomaten und Zu…');
  });

  it('treats only exactly three digits and a space as a prefix', () => {
    expect(menuName('2024 Kampagne')).toBe('2024 Kampagne');
    expect(menuName('12 Tassen')).toBe('12 Tassen');
    expect(menuName('123Kaffee')).toBe('123Kaffee');
    expect(menuName(`2024 ${'D'.repeat(30)}`)).toBe(`2024 ${'D'.repeat(20)}…`);
  });

  it('sorts numbered names by number and others alphabetically, ignoring case', () => {
    const names = ['tee', '100 Zubehör', 'Espresso', '020 Bohnen', 'akzente'];
    expect([...names].sort((a, b) => compareMenuNames(a, b, 'de'))).toEqual([
      '020 Bohnen',
      '100 Zubehör',
      'akzente',
      'Espresso',
      'tee',
    ]);
    expect(withoutOrderPrefix('020 Bohnen')).toBe('Bohnen');
  });
});
