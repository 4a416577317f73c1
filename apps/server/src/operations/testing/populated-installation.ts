import { expect } from 'vitest';
import {
  imageAsset,
  readFixture,
  seedAsset,
  seedNodes,
} from '../../modules/catalogue/testing/catalogue-seed.js';
import { OidcRepository } from '../../modules/accounts/oidc/oidc.repository.js';
import { confirmedRegistration } from '../../modules/admin/testing/admin-helpers.js';
import { multipartBody } from '../../test/multipart.js';
import { call, type TestApp } from '../../test/test-app.js';
import { nextIp, signInAs } from '../../test/users.js';

export interface Installation {
  /** A partner signed in before the move: the token must keep working after it. */
  partner: { email: string; token: string };
  /** A name the search finds (in German, root 1). */
  searchable: { text: string; assetId: number };
}

/**
 * Test-only: an installation in which every copied table holds rows, made as users make them where
 * the API allows (sign-up, sign-in, cart, zip, mail, order with a file, tracking, approval) and
 * seeded where it takes a whole import (catalogue). Uses the test app's clock only forward.
 */
export async function populateInstallation(t: TestApp): Promise<Installation> {
  await seedNodes(t, [
    // A root renamed by its operator: a copy must carry these names, not those a new database's
    // migrations give it.
    { id: 1, de: 'Deutschland (Zentrale)', en: 'Germany (head office)', fr: 'Allemagne (siège)' },
    { id: 7, parentId: 1, rootId: 1, de: 'Bohnen', en: 'Beans', fr: 'Grains' },
    { id: 40, parentId: 1, rootId: 1, de: 'Kaffee', en: 'Coffee', fr: 'Café' },
  ]);
  // Moved under a category created after it (as the admin's move does): its row comes before its
  // parent's in the table, and the copy must still insert the parent first.
  await t.context.database.db.updateTable('nodes').set({ parent_id: 40 }).where('id', '=', 7).execute();
  const crema = await seedAsset(
    t,
    imageAsset(7, 1, 'Caffè Crema Röstung', {
      gtin: '04006067084218',
      keywords: 'bohne;crema',
      imageCategory: 1,
    }),
  );
  await seedAsset(t, imageAsset(40, 1, 'Espresso Intenso', { description: 'Ein „kräftiger“ Espresso' }));
  await seedAsset(t, {
    ...imageAsset(40, 1, 'Zurückgezogen'),
    withdrawn: true,
  });
  // Withdrawn below by a super user after a partner downloaded it (the takedown loop's tables).
  const ristretto = await seedAsset(t, imageAsset(40, 1, 'Ristretto'));
  await t.context.search.rebuild();

  // Registration and approval: user_links, rate_limits, audit_log, approval_reminders, jobs (mails).
  const waiting = await confirmedRegistration(t, { company: 'Rösterei Süd' });
  t.clock.advance(25 * 60 * 60 * 1000);
  const boss = await signInAs(t, 'super');
  expect(await t.context.admin.sendApprovalReminders()).toBeGreaterThan(0);
  const approved = await call(t.app, 'POST', `/api/admin/registrations/${waiting.id}/approve`, {
    token: boss.token,
  });
  expect(approved.statusCode, approved.body).toBe(200);

  // Tracking with consent: page_views, search_events; file downloads: settings (signing secret),
  // download_events.
  const partner = await signInAs(t, 'registered');
  const consent = await call(t.app, 'PUT', '/api/user/consent', {
    token: partner.token,
    body: { tracking: true },
  });
  expect(consent.statusCode, consent.body).toBe(200);
  const tracked = await call(t.app, 'POST', '/api/track', {
    token: partner.token,
    ip: nextIp(),
    body: {
      consent: true,
      events: [{ type: 'pageView', path: '/de/category/40', country: 'de', lang: 'de' }],
    },
  });
  expect(tracked.statusCode, tracked.body).toBe(204);
  const searched = await call(t.app, 'POST', '/api/search/', {
    token: partner.token,
    body: { query: 'Crema', categories: [40], rootId: 1 },
  });
  expect(searched.statusCode, searched.body).toBe(200);
  // The server records the search after answering it.
  await t.context.searchService.recorded();
  // The originals' downloads also write the partner's download history: user_downloads.
  for (const { id } of [crema, ristretto]) {
    const asset = await call(t.app, 'GET', `/api/asset/${id}`, { token: partner.token });
    const ticket = asset.json<{ data: { originalTicket: string } }>().data.originalTicket;
    expect((await call(t.app, 'GET', ticket, { token: partner.token })).statusCode).toBe(200);
  }

  // Cart, zip and message: cart_entries, cart_formats, bundles, bundle_entries, messages.
  const added = await call(t.app, 'PUT', '/api/cart/', {
    token: partner.token,
    body: { assetId: crema.id, format: 1100 },
  });
  expect(added.statusCode, added.body).toBe(200);
  const zip = await call(t.app, 'GET', '/api/cart/download', { token: partner.token });
  const { filename } = zip.json<{ filename: string }>();
  expect((await call(t.app, 'GET', `/api/download/${filename}`, { token: partner.token })).statusCode).toBe(
    200,
  );
  const sent = await call(t.app, 'POST', '/api/cart/send', {
    token: partner.token,
    body: {
      form: { email: 'kunde@example.org', subject: 'Bilder', text: 'Grüße', copyCheckbox: true },
      lang: 'de',
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);

  // The recipient opens their own link and takes the zip: bundle_links, bundle_link_events.
  const link = await t.context.database.db
    .selectFrom('bundle_links')
    .select('name')
    .where('recipient', '=', 'kunde@example.org')
    .executeTakeFirstOrThrow();
  const contents = await call(t.app, 'GET', `/api/download/${link.name}/contents`);
  expect(contents.statusCode, contents.body).toBe(200);
  const linkZip = contents.json<{ zip: { url: string } }>().zip.url;
  expect((await call(t.app, 'GET', linkZip)).statusCode).toBe(200);

  // A conversion preset chosen for the cart's asset and a bundle of it: cart_presets, conversions,
  // bundle_entries naming a preset version. Its seeded bytes are no real picture: the conversion
  // is made and fails (a row with its reason), as a damaged source's does.
  const chosen = await call(t.app, 'PUT', '/api/cart/', {
    token: partner.token,
    body: { assetId: crema.id, preset: 1 },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const converted = await call(t.app, 'GET', '/api/cart/download', { token: partner.token });
  expect(converted.statusCode, converted.body).toBe(200);
  const pending = await t.context.database.db.selectFrom('conversions').selectAll().execute();
  expect(pending).toHaveLength(1);
  for (const row of pending) {
    await t.context.conversions.make({
      sourceSha256: row.source_sha256,
      presetId: row.preset_id,
      presetVersion: row.preset_version,
    });
  }
  expect(await t.context.database.db.selectFrom('conversions').select('status').execute()).toEqual([
    { status: 'failed' },
  ]);

  // A named list with an item, shared with the super user (issue 22.4): lists, list_items, list_shares.
  const list = await call(t.app, 'POST', '/api/lists', {
    token: partner.token,
    body: { name: 'Messe Frühjahr' },
  });
  expect(list.statusCode, list.body).toBe(201);
  const listId = list.json<{ list: { id: number } }>().list.id;
  const listed = await call(t.app, 'PUT', `/api/lists/${listId}/items`, {
    token: partner.token,
    body: { assetIds: [crema.id] },
  });
  expect(listed.statusCode, listed.body).toBe(200);
  const shared = await call(t.app, 'POST', `/api/lists/${listId}/shares`, {
    token: partner.token,
    body: { email: boss.email },
  });
  expect(shared.statusCode, shared.body).toBe(200);

  // A super user withdraws a downloaded asset: asset_changes, takedown_notices (the partner).
  const withdrawn = await call(t.app, 'POST', `/api/admin/catalogue/assets/${ristretto.id}/withdraw`, {
    token: boss.token,
  });
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  expect(withdrawn.json<{ asset: { changes: Array<{ told: number }> } }>().asset.changes).toEqual([
    expect.objectContaining({ told: 1 }),
  ]);

  // A bulk change by a super user, applied by its job (issue 22.5): bulk_changes, bulk_change_items.
  const bulk = await call(t.app, 'POST', '/api/admin/bulk', {
    token: boss.token,
    body: { assetIds: [ristretto.id], change: { kind: 'addKeywords', keywords: ['archiv'] } },
  });
  expect(bulk.statusCode, bulk.body).toBe(201);
  await t.runJobs();

  // A packshot order with a file: orders, order_files, order_history (and a thumbnail job).
  const staff = await signInAs(t, 'internal');

  // Sign-in with the company account (issue 23): a pending sign-in, a hand-over waiting for the web
  // app, and an account linked to the provider (written as the flow writes them; the test app has no provider).
  const now = t.clock.now();
  const sso = new OidcRepository(t.context.database.db);
  await sso.insertPendingLogin({
    stateHash: 'a'.repeat(64),
    codeVerifier: 'verifier',
    nonce: 'nonce',
    now,
    expiresAt: now + 600_000,
  });
  await sso.insertHandover({
    codeHash: 'b'.repeat(64),
    userId: staff.row.id,
    refreshToken: 'refresh-token',
    idToken: 'header.claims.signature',
    now,
    expiresAt: now + 60_000,
  });
  await t.context.database.db
    .updateTable('users')
    .set({ sso_subject: 'provider-subject-1' })
    .where('id', '=', staff.row.id)
    .execute();
  const { body, contentType } = multipartBody({ name: 'Crema Display', de: 'true' }, [
    { filename: 'vorlage.jpg', contentType: 'image/jpeg', content: await readFixture('packshot-rgb.jpg') },
  ]);
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { 'content-type': contentType, authorization: `Bearer ${staff.token}` },
    payload: body,
  });
  expect(order.statusCode, order.body).toBe(200);

  return {
    partner: { email: partner.email, token: partner.token },
    searchable: { text: 'crema', assetId: crema.id },
  };
}
