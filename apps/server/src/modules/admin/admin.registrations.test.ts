import { ErrorCodes, type AdminUserAnswer, type RegistrationsAnswer } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveredMailsTo, lastMailTo, linkIn } from '../../test/mails.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { createAccount, expectError, findUser, logIn, nextIp, signInAs } from '../../test/users.js';
import { auditOf, confirmedRegistration, unconfirmedRegistration } from './testing/admin-helpers.js';

const HOUR = 60 * 60 * 1000;

describeEachDatabase('admin registrations', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signInAs(t, 'super');
  });
  afterAll(() => t.close());

  const list = async () => {
    const response = await call(t.app, 'GET', '/api/admin/registrations', { token: admin.token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RegistrationsAnswer>();
  };
  const approve = (id: number, token = admin.token) =>
    call(t.app, 'POST', `/api/admin/registrations/${id}/approve`, { token });
  const reject = (id: number, body?: unknown) =>
    call(t.app, 'POST', `/api/admin/registrations/${id}/reject`, {
      token: admin.token,
      ...(body !== undefined ? { body } : {}),
    });
  const login = (email: string, password: string) =>
    call(t.app, 'POST', '/api/user/login', { body: { username: email, password }, ip: nextIp() });

  it('lists confirmed registrations waiting for approval, the longest-waiting first, with their details', async () => {
    const unconfirmed = await unconfirmedRegistration(t);
    const older = await confirmedRegistration(t, { company: 'Kaffeehaus Nord KG', firstname: 'Olga' });
    t.clock.advance(60_000);
    const newer = await confirmedRegistration(t, { lang: 'en' });

    const { registrations, total } = await list();
    const ids = registrations.map((registration) => registration.userId);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).not.toContain(unconfirmed.id);
    expect(ids).not.toContain(admin.row.id);
    expect(total).toBe(registrations.length);
    expect(registrations.find((registration) => registration.userId === older.id)).toEqual({
      userId: older.id,
      email: older.email,
      firstname: 'Olga',
      lastname: 'Muster',
      company: 'Kaffeehaus Nord KG',
      contactPerson: 'Max Vertrieb',
      phone: '+49 40 123456',
      lang: 'de',
      jde: false,
      createdAt: expect.any(String),
      confirmedAt: expect.any(String),
    });

    const paged = (
      await call(t.app, 'GET', '/api/admin/registrations?offset=1&limit=1', { token: admin.token })
    ).json<RegistrationsAnswer>();
    expect(paged.registrations.map((registration) => registration.userId)).toEqual([ids[1]]);
    expect(paged.total).toBe(total);
  });

  it('approves: the activation mail comes in the user’s language with a login link, and they can sign in', async () => {
    const applicant = await confirmedRegistration(t, { lang: 'fr' });
    expectError(await login(applicant.email, applicant.password), 403, ErrorCodes.notActivated);

    const response = await approve(applicant.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUserAnswer>().user).toMatchObject({
      userId: applicant.id,
      state: 'active',
      approvedAt: new Date(t.clock.now()).toISOString(),
    });
    const mail = await lastMailTo(t, applicant.email);
    expect(mail.subject).toBe('Votre compte Mediabox est activé');
    expect(linkIn(mail, '/login').url).toBe('http://portal.test/login');

    expect((await login(applicant.email, applicant.password)).statusCode).toBe(200);
    expect((await list()).registrations.map((registration) => registration.userId)).not.toContain(
      applicant.id,
    );

    // Twice changes nothing and sends nothing more.
    expect((await approve(applicant.id)).statusCode).toBe(200);
    expect((await deliveredMailsTo(t, applicant.email)).map((item) => item.subject)).toEqual([
      'Veuillez confirmer votre adresse e-mail',
      'Votre compte Mediabox est activé',
    ]);
    const entries = await auditOf(t, admin.token, { type: 'user', id: applicant.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'registration.approve',
      actor: { userId: admin.row.id, email: admin.email },
      before: { state: 'waitingApproval', approvedAt: null },
      after: { state: 'active', approvedAt: new Date(t.clock.now()).toISOString() },
    });
  });

  it('rejects with a reason: mailed in the user’s language, login refused, the address stays taken', async () => {
    const applicant = await confirmedRegistration(t, { lang: 'en' });
    const response = await reject(applicant.id, { reason: '  Not a trade partner of ours  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminUserAnswer>().user).toMatchObject({
      state: 'rejected',
      rejectedAt: new Date(t.clock.now()).toISOString(),
      rejectionReason: 'Not a trade partner of ours',
      approvedAt: null,
    });

    const mail = await lastMailTo(t, applicant.email);
    expect(mail.subject).toBe('Your Mediabox registration');
    expect(mail.text).toContain('unfortunately we cannot approve your Mediabox registration.');
    expect(mail.text).toContain('Reason: Not a trade partner of ours');
    expect(mail.text).toContain('http://portal.test/contact');

    expectError(await login(applicant.email, applicant.password), 403, ErrorCodes.accountDeactivated);
    expectError(await login(applicant.email, 'Wrong-password-9'), 401, ErrorCodes.wrongCredentials);
    const again = await call(t.app, 'POST', '/api/user/check/', {
      body: { email: applicant.email },
      ip: nextIp(),
    });
    expect(again.json()).toEqual({ available: false });
    expect((await list()).registrations.map((registration) => registration.userId)).not.toContain(
      applicant.id,
    );

    // Rejecting twice, or an approved account, is a conflict.
    expectError(await reject(applicant.id), 409, ErrorCodes.adminNotWaiting);
    expectError(await reject(admin.row.id), 409, ErrorCodes.adminNotWaiting);

    const [entry] = await auditOf(t, admin.token, { type: 'user', id: applicant.id });
    expect(entry).toMatchObject({
      action: 'registration.reject',
      before: { state: 'waitingApproval', rejectedAt: null, rejectionReason: null },
      after: { state: 'rejected', rejectionReason: 'Not a trade partner of ours' },
    });
  });

  it('rejects without a body or reason: the mail has no reason line', async () => {
    const applicant = await confirmedRegistration(t, { lang: 'de' });
    expect((await reject(applicant.id)).statusCode).toBe(200);
    const mail = await lastMailTo(t, applicant.email);
    expect(mail.subject).toBe('Ihre Registrierung bei Mediabox');
    expect(mail.text).not.toContain('Begründung');
    expect((await findUser(t, applicant.email))?.rejection_reason).toBeNull();
  });

  it('a rejected registration can still be approved later: the rejection is lifted and login works', async () => {
    const applicant = await confirmedRegistration(t);
    await reject(applicant.id, { reason: 'Unklar' });
    const response = await approve(applicant.id);
    expect(response.json<AdminUserAnswer>().user).toMatchObject({
      state: 'active',
      rejectedAt: null,
      rejectionReason: null,
    });
    expect((await login(applicant.email, applicant.password)).statusCode).toBe(200);
  });

  it('refuses to approve a deactivated account and answers 404 for unknown ids', async () => {
    const applicant = await confirmedRegistration(t);
    await call(t.app, 'PATCH', `/api/admin/users/${applicant.id}`, {
      token: admin.token,
      body: { active: false },
    });
    expectError(await approve(applicant.id), 409, ErrorCodes.adminNotWaiting);
    expectError(await approve(999_999), 404, ErrorCodes.adminUserNotFound);
    expectError(await reject(999_999), 404, ErrorCodes.adminUserNotFound);
  });

  it('the CLI approves through the same service: audited as "cli"', async () => {
    const applicant = await confirmedRegistration(t);
    const approved = await t.context.admin.approveByEmail(applicant.email.toUpperCase());
    expect(approved.state).toBe('active');
    const [entry] = await auditOf(t, admin.token, { type: 'user', id: applicant.id });
    expect(entry).toMatchObject({ action: 'registration.approve', actor: { userId: null, email: 'cli' } });
  });
});

describeEachDatabase('admin approval reminder', (dialect) => {
  let t: TestApp;
  let german: Awaited<ReturnType<typeof createAccount>>;
  let french: Awaited<ReturnType<typeof createAccount>>;
  let retired: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    german = await createAccount(t, 'super');
    french = await createAccount(t, 'super', { lang: 'fr' });
    retired = await signInAs(t, 'super');
    const admin = await logIn(t, german.email, german.password);
    await call(t.app, 'PATCH', `/api/admin/users/${retired.row.id}`, {
      token: admin.token,
      body: { active: false },
    });
    await t.context.jobs.ensureRecurring();
  });
  afterAll(() => t.close());

  /** Runs the due jobs (the reminder and the mails it queues) and answers the reminders each admin got. */
  const reminders = async () => {
    await t.runJobs();
    const subjectsOf = async (email: string) =>
      (await deliveredMailsTo(t, email))
        .map((mail) => mail.subject ?? '')
        .filter((subject) => /Registrierung|inscription|registration/i.test(subject));
    return {
      german: await subjectsOf(german.email),
      french: await subjectsOf(french.email),
      retired: await subjectsOf(retired.email),
    };
  };

  it('reminds active super users once a day, in their language, while a registration waits over 24 hours', async () => {
    // Unconfirmed registrations are not waiting for an administrator.
    await unconfirmedRegistration(t);
    const applicant = await confirmedRegistration(t, { firstname: 'Wanda', company: 'Warte GmbH' });
    expect(await reminders()).toEqual({ german: [], french: [], retired: [] });

    t.clock.advance(23 * HOUR);
    expect((await reminders()).german).toEqual([]);

    t.clock.advance(2 * HOUR);
    const first = await reminders();
    expect(first.german).toEqual(['Eine Registrierung wartet seit über 24 Stunden auf Freigabe']);
    expect(first.french).toEqual(['Une inscription attend sa validation depuis plus de 24 heures']);
    expect(first.retired).toEqual([]);
    const mail = (await deliveredMailsTo(t, german.email)).at(-1)!;
    expect(mail.text).toContain(`Wanda Muster (Warte GmbH, ${applicant.email}) – wartet seit 25 Stunden`);
    expect(mail.text).toContain('http://portal.test/admin/registrations');

    // The same day: the hourly check sends nothing more.
    t.clock.advance(HOUR);
    expect((await reminders()).german).toHaveLength(1);
    t.clock.advance(HOUR);
    expect((await reminders()).german).toHaveLength(1);

    // The next day, still waiting: one more.
    t.clock.advance(24 * HOUR);
    expect((await reminders()).german).toHaveLength(2);

    // Approved: nothing to remind of any more.
    await t.context.admin.approveByEmail(applicant.email);
    t.clock.advance(24 * HOUR);
    const after = await reminders();
    expect(after.german).toHaveLength(2);
    expect(after.french).toHaveLength(2);
  });

  it('claims the day in the database: a second run the same day sends nothing', async () => {
    await confirmedRegistration(t);
    t.clock.advance(25 * HOUR);
    expect(await t.context.admin.sendApprovalReminders()).toBe(2);
    expect(await t.context.admin.sendApprovalReminders()).toBe(0);
  });
});
