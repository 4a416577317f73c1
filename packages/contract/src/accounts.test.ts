import { describe, expect, it } from 'vitest';
import { ProfileForm, SignupRequest, SignupStep1, isInternalEmail, signupStep3 } from './accounts.js';
import { isEmail } from './email-pattern.js';

const codesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('e-mail pattern', () => {
  it.each(['anna@example.com', 'a.b+c@sub.example.co.uk', 'X@Y.DE'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });
  it.each([
    '',
    'anna',
    'anna@',
    '@example.com',
    'anna@example',
    'an na@example.com',
    'a@b.c',
    `${'a'.repeat(250)}@b.de`,
  ])('refuses %s', (value) => {
    expect(isEmail(value)).toBe(false);
  });
});

describe('signup rules (spec 5)', () => {
  it('gives the translation keys of spec 8 for step 1', () => {
    expect(
      codesOf(SignupStep1.safeParse({ email: 'nope', password: 'short', passwordRepeat: 'short' })),
    ).toEqual(['signup.step1.errors.wrongMail', 'signup.step1.errors.passMinChar']);
    expect(
      codesOf(
        SignupStep1.safeParse({ email: 'a@b.de', password: 'long enough', passwordRepeat: 'different' }),
      ),
    ).toEqual(['signup.step1.errors.passNotMatching']);
  });

  it('requires a contact person only for external addresses', () => {
    expect(signupStep3(false).safeParse({ contactPerson: '', tou: true }).success).toBe(false);
    expect(signupStep3(true).safeParse({ contactPerson: '', tou: true }).success).toBe(true);
    expect(codesOf(signupStep3(true).safeParse({ tou: false }))).toEqual(['signup.step3.errors.accept']);
  });

  it('normalises the address and trims names', () => {
    const parsed = SignupRequest.parse({
      email: '  Anna@Example.COM ',
      password: 'secret-password',
      passwordRepeat: 'secret-password',
      company: ' Café Müller ',
      firstname: 'Anna',
      lastname: 'Öz',
      tou: true,
    });
    expect(parsed.email).toBe('anna@example.com');
    expect(parsed.company).toBe('Café Müller');
    expect(parsed.lang).toBe('de');
  });
});

describe('profile password rules', () => {
  const base = { firstname: 'Anna', lastname: 'Berg', company: 'ACME' };
  it('keeps the password when both fields are empty', () => {
    expect(ProfileForm.safeParse(base).success).toBe(true);
  });
  it('uses the profile keys of spec 8', () => {
    expect(
      codesOf(
        ProfileForm.safeParse({ ...base, password: 'short', passwordRepeat: 'short', currentPassword: 'x' }),
      ),
    ).toEqual(['AppBar.profile.errors.tooShort']);
    expect(
      codesOf(
        ProfileForm.safeParse({
          ...base,
          password: 'long enough',
          passwordRepeat: 'other one',
          currentPassword: 'the old one',
        }),
      ),
    ).toEqual(['AppBar.profile.errors.doNotMatch']);
  });

  it('needs the current password with a new one, and only then', () => {
    const change = { ...base, password: 'long enough', passwordRepeat: 'long enough' };
    expect(codesOf(ProfileForm.safeParse(change))).toEqual(['AppBar.profile.errors.currentPasswordRequired']);
    expect(codesOf(ProfileForm.safeParse({ ...change, currentPassword: 'the old one' }))).toEqual([]);
    expect(codesOf(ProfileForm.safeParse(base))).toEqual([]);
  });
});

describe('internal addresses', () => {
  it('matches the domain and its subdomains, nothing else', () => {
    const domains = ['nordstern-kaffee.example'];
    expect(isInternalEmail('a@nordstern-kaffee.example', domains)).toBe(true);
    expect(isInternalEmail('a@de.nordstern-kaffee.example', domains)).toBe(true);
    expect(isInternalEmail('a@evil-nordstern-kaffee.example', domains)).toBe(false);
    expect(isInternalEmail('nordstern-kaffee.example@gmail.com', domains)).toBe(false);
  });
});
