import { randomBytes } from 'node:crypto';
import type { AssetAnswer, Language } from '@mediabox/contract';
import { expect } from 'vitest';
import type { BundleLinkEventsTable } from '../../../platform/db/schema.js';
import { call, type TestApp } from '../../../test/test-app.js';
import type { signInAs } from '../../../test/users.js';
import type { SeededAsset } from '../../catalogue/testing/catalogue-seed.js';

export type Session = Awaited<ReturnType<typeof signInAs>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The user's tracking decision, as the consent dialog sends it. The takedown loop must not depend
 * on it: a download history is kept either way (download-events.ts).
 */
export async function decideTracking(t: TestApp, session: Session, tracking: boolean): Promise<void> {
  const answer = await call(t.app, 'PUT', '/api/user/consent', {
    token: session.token,
    body: { tracking },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** Downloads the asset's original through its file ticket, as the asset page's button does. */
export async function downloadFile(t: TestApp, session: Session, asset: SeededAsset): Promise<void> {
  const page = await call(t.app, 'GET', `/api/asset/${asset.id}`, { token: session.token });
  expect(page.statusCode, page.body).toBe(200);
  const file = await call(t.app, 'GET', page.json<AssetAnswer>().data.originalTicket);
  expect(file.statusCode).toBe(200);
}

/** Puts the assets in the user's cart, makes the bundle and downloads its zip; answers the bundle's id. */
export async function downloadBundle(t: TestApp, session: Session, assets: SeededAsset[]): Promise<number> {
  await call(t.app, 'POST', '/api/cart/clear', { token: session.token });
  for (const asset of assets) {
    const added = await call(t.app, 'PUT', '/api/cart/', {
      token: session.token,
      body: { assetId: asset.id },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const made = await call(t.app, 'GET', '/api/cart/download', { token: session.token });
  expect(made.statusCode, made.body).toBe(200);
  const { filename } = made.json<{ filename: string }>();
  const zip = await call(t.app, 'GET', `/api/download/${filename}`, { token: session.token });
  expect(zip.statusCode).toBe(200);
  const bundle = await t.context.database.db
    .selectFrom('bundles')
    .select('id')
    .where('filename', '=', filename)
    .executeTakeFirstOrThrow();
  return bundle.id;
}

/**
 * A recipient's link to the bundle and what happened at it, written as the delivery module writes
 * them (its tables are the takedown loop's to read; the rows are made here so this test does not
 * depend on the delivery routes of the same issue).
 */
export async function linkWithEvents(
  t: TestApp,
  bundleId: number,
  recipient: { email: string; lang: Language },
  events: Array<{ kind: BundleLinkEventsTable['kind']; assetId?: number; daysAgo?: number }>,
): Promise<number> {
  const db = t.context.database.db;
  const now = t.clock.now();
  const { id } = await db
    .insertInto('bundle_links')
    .values({
      bundle_id: bundleId,
      name: `${randomBytes(16).toString('hex')}.zip`,
      recipient: recipient.email,
      lang: recipient.lang,
      created_at: now,
      expires_at: now + 14 * DAY_MS,
      last_sent_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const event of events) {
    await db
      .insertInto('bundle_link_events')
      .values({
        link_id: id,
        at: now - (event.daysAgo ?? 0) * DAY_MS,
        kind: event.kind,
        position: event.kind === 'file' ? 0 : null,
        asset_id: event.assetId ?? null,
        complete: event.kind === 'opened' ? 0 : 1,
      })
      .execute();
  }
  return id;
}

/** Moves the user's whole download history `daysAgo` days back (for the window's edge). */
export async function ageDownloadHistory(t: TestApp, userId: number, daysAgo: number): Promise<void> {
  const moved = await t.context.database.db
    .updateTable('user_downloads')
    .set({ last_at: t.clock.now() - daysAgo * DAY_MS })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  expect(Number(moved.numUpdatedRows)).toBeGreaterThan(0);
}

/** The change's notices: address, user and language, by address. */
export async function noticesOf(t: TestApp, changeId: number) {
  return t.context.database.db
    .selectFrom('takedown_notices')
    .select(['recipient', 'user_id', 'lang', 'day', 'mailed_at'])
    .where('change_id', '=', changeId)
    .orderBy('recipient')
    .execute();
}

/** The newest change of an asset. */
export async function lastChangeOf(t: TestApp, assetId: number) {
  return t.context.database.db
    .selectFrom('asset_changes')
    .selectAll()
    .where('asset_id', '=', assetId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}
