import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SignupPage from '../pages/signup-page';
import { isDisabled, renderPage, valueOf } from '../testing/render-page';
import { apiError, stubApi, type StubAnswer } from '../testing/stub-api';

const available = (free: boolean): StubAnswer => ({ body: { available: free } });
const nextButton = () => screen.getByRole('button', { name: 'Next' });

function renderWizard(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'POST /api/user/check/': available(true), ...routes });
  return { api, ...renderPage(<SignupPage />, { path: '/signup' }) };
}

async function fillAccount(user: UserEvent, email = 'anna@partner.example') {
  await user.type(screen.getByLabelText(/^E-mail address/), email);
  await user.type(screen.getByLabelText(/^Password/), 'secret-123');
  await user.type(screen.getByLabelText(/^Repeat password/), 'secret-123');
}

async function fillCompany(user: UserEvent) {
  // Step 2 appears only after the server has answered the e-mail check.
  await user.type(await screen.findByLabelText(/^Company/), 'Café Müller');
  await user.type(screen.getByLabelText(/^First name/), 'Anna');
  await user.type(screen.getByLabelText(/^Last name/), 'Schmidt');
}

afterEach(() => vi.unstubAllGlobals());

// Whole-wizard walks type into many MUI fields; jsdom needs more than the default 5 s for that.
describe('signup wizard', { timeout: 20_000 }, () => {
  it('keeps next disabled on step 1 and names each problem once a field is left', async () => {
    const { user } = renderWizard();
    expect(isDisabled(nextButton())).toBe(true);

    await user.type(screen.getByLabelText(/^E-mail address/), 'not-an-address');
    await user.tab();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.tab();
    expect(screen.getByText('The password must be at least 8 characters long.')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'secret-123');
    await user.type(screen.getByLabelText(/^Repeat password/), 'secret-124');
    await user.tab();
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(isDisabled(nextButton())).toBe(true);
  });

  it('says what step 1 still needs beside the disabled button, without calling anything an error', async () => {
    const { user } = renderWizard();
    const hint = () => document.getElementById('signup-missing-hint')?.textContent;
    expect(hint()).toBe(
      'To continue, this is still missing: a valid e-mail address and a password of at least 8 characters.',
    );
    expect(nextButton().getAttribute('aria-describedby')).toBe('signup-missing-hint');
    // Nothing is red before a field was typed into and left.
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^E-mail address/), 'anna@partner.example');
    await user.type(screen.getByLabelText(/^Password/), 'secret-123');
    expect(hint()).toBe('To continue, this is still missing: the same password under “Repeat password”.');
    await user.type(screen.getByLabelText(/^Repeat password/), 'secret-123');
    await waitFor(() => expect(isDisabled(nextButton())).toBe(false));
    expect(hint()).toBeUndefined();
    expect(nextButton().getAttribute('aria-describedby')).toBeNull();
  });

  it('takes an empty phone or one that looks like a number, and says what a phone number is', async () => {
    const { user } = renderWizard();
    await fillAccount(user);
    await waitFor(() => expect(isDisabled(nextButton())).toBe(false));
    await user.click(nextButton());
    await fillCompany(user);
    expect(isDisabled(nextButton())).toBe(false);
    expect(screen.getByText('Contact person & terms of use')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Phone/), 'call me');
    await user.tab();
    expect(screen.getByText(/^Please enter a phone number with 6 to 20 digits/)).toBeTruthy();
    expect(isDisabled(nextButton())).toBe(true);
    expect(document.getElementById('signup-missing-hint')?.textContent).toBe(
      'To continue, this is still missing: a valid phone number or an empty field.',
    );

    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '+49 (0)40 123 456-7');
    expect(isDisabled(nextButton())).toBe(false);
  });

  it('asks the server on leaving the e-mail field and blocks a taken address', async () => {
    const { user, api } = renderWizard({ 'POST /api/user/check/': available(false) });
    await fillAccount(user);
    expect(await screen.findByText('This e-mail address is already registered.')).toBeTruthy();
    expect(isDisabled(nextButton())).toBe(true);
    expect(api.callsTo('POST', '/api/user/check/')[0]?.body).toEqual({ email: 'anna@partner.example' });
  });

  it('walks through all steps, validating each, and signs up an external partner', async () => {
    const { user, api } = renderWizard({ 'PUT /api/user/': { body: { success: true } } });
    await fillAccount(user);
    await waitFor(() => expect(isDisabled(nextButton())).toBe(false));
    await user.click(nextButton());

    // Step 2: names need two characters; the phone is optional.
    expect(await screen.findByLabelText(/^Company/)).toBeTruthy();
    expect(isDisabled(nextButton())).toBe(true);
    await user.type(screen.getByLabelText(/^Company/), 'C');
    await user.tab();
    expect(screen.getByText('Please enter at least 2 characters.')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^Company/));
    await fillCompany(user);
    expect(isDisabled(nextButton())).toBe(false);
    await user.click(nextButton());

    // Step 3: an external address needs a contact person and the accepted terms.
    const submit = screen.getByRole('button', { name: 'Sign up' });
    expect(isDisabled(submit)).toBe(true);
    await user.type(screen.getByLabelText(/^Your contact person/), 'X');
    await user.tab();
    expect(screen.getByText('Please enter at least 2 characters.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Your contact person/), 'aver Huber');
    const terms = screen.getByRole('checkbox', { name: /I accept the/ });
    await user.click(terms);
    await user.click(terms);
    expect(screen.getByText('Please accept the terms of use.')).toBeTruthy();
    expect(isDisabled(submit)).toBe(true);
    expect(screen.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/termsofservice');
    await user.click(terms);
    await user.click(submit);

    expect(await screen.findByText('Thank you for signing up!')).toBeTruthy();
    expect(screen.getByText(/approve your account within 24 hours/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(api.callsTo('PUT', '/api/user/')[0]?.body).toEqual({
      email: 'anna@partner.example',
      password: 'secret-123',
      passwordRepeat: 'secret-123',
      company: 'Café Müller',
      firstname: 'Anna',
      lastname: 'Schmidt',
      phone: '',
      contactPerson: 'Xaver Huber',
      tou: true,
      lang: 'en',
      jde: false,
    });
  });

  it('hides the contact person for an internal address and sends the company instead', async () => {
    const { user, api } = renderWizard({ 'PUT /api/user/': { body: { success: true } } });
    await fillAccount(user, 'max@kaffee.example');
    await waitFor(() => expect(isDisabled(nextButton())).toBe(false));
    await user.click(nextButton());
    await fillCompany(user);
    await user.click(nextButton());

    expect(screen.queryByLabelText(/contact person/)).toBeNull();
    expect(screen.getByText(/registered as an internal user/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await screen.findByText('Thank you for signing up!');
    expect(api.callsTo('PUT', '/api/user/')[0]?.body).toMatchObject({
      contactPerson: 'Café Müller',
      jde: true,
    });
  });

  it('sends the user back to step 1 when the server says the address is taken', async () => {
    const { user } = renderWizard({ 'PUT /api/user/': apiError(409, 'signup.step1.errors.mailExists') });
    await fillAccount(user);
    await waitFor(() => expect(isDisabled(nextButton())).toBe(false));
    await user.click(nextButton());
    await fillCompany(user);
    await user.click(nextButton());
    await user.type(screen.getByLabelText(/^Your contact person/), 'Xaver Huber');
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('This e-mail address is already registered.')).toBeTruthy();
    expect(valueOf(screen.getByLabelText(/^E-mail address/))).toBe('anna@partner.example');
    expect(isDisabled(nextButton())).toBe(true);
  });

  it('says so when the server refuses for too many attempts', async () => {
    const { user } = renderWizard({ 'PUT /api/user/': apiError(429, 'errors.rateLimited') });
    await fillAccount(user);
    await waitFor(() => expect(isDisabled(nextButton())).toBe(false));
    await user.click(nextButton());
    await fillCompany(user);
    await user.click(nextButton());
    await user.type(screen.getByLabelText(/^Your contact person/), 'Xaver Huber');
    await user.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });
});
