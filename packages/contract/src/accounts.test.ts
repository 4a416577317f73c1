import { describe, expect, it } from 'vitest';
import {
  ProfileForm,
  SignupRequest,
  SignupStep1,
  SignupStep2,
  isInternalEmail,
  signupStep3,
} from './accounts.js';
import { isPhoneNumber } from './phone-number.js';
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

describe('phone numbers (issue 19.12)', () => {
  it.each(['+49 40 123456', '+49 (0)40 123 456-78', '040/1234567', '123456', `+${'1'.repeat(20)}`])(
    'accepts %s',
    (value) => expect(isPhoneNumber(value)).toBe(true),
  );
  it.each(['12345', `+${'1'.repeat(21)}`, '040 CALL ME', '+49.40.123456', 'erika@example.com', ''])(
    'refuses %s',
    (value) => expect(isPhoneNumber(value)).toBe(false),
  );

  it('leaves the phone optional in sign-up and profile, and names the field when it is wrong', () => {
    const step2 = { company: 'Café', firstname: 'Erika', lastname: 'Muster' };
    expect(SignupStep2.safeParse(step2).success).toBe(true);
    expect(SignupStep2.safeParse({ ...step2, phone: '  ' }).success).toBe(true);
    expect(codesOf(SignupStep2.safeParse({ ...step2, phone: 'abc' }))).toEqual(['errors.invalidPhone']);
    expect(codesOf(ProfileForm.safeParse({ ...step2, phone: '12' }))).toEqual(['errors.invalidPhone']);
    // Over the length limit it is only "too long", not two messages at once.
    expect(codesOf(ProfileForm.safeParse({ ...step2, phone: '1'.repeat(41) }))).toEqual(['errors.tooLong']);
  });
});
