import { ErrorCodes } from '@mediabox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app.js';
import { expectError, signInAs } from '../../test/users.js';
import { REMOVAL_REQUESTS_PER_DAY } from './catalogue.service.js';
import { imageAsset, seedAsset, seedNodes } from './testing/catalogue-seed.js';

/** Issue 17.9: removal requests land in the administrators' work list; one account cannot flood it. */
describeEachDatabase('removal requests per account and day', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedNodes(t, [
      { id: 1, de: 'Deutschland' },
      { id: 10, parentId: 1, rootId: 1, de: 'Kaffee' },
    ]);
  });
  afterAll(() => t.close());

  const requestedAt = async (id: number) =>
    (
      await t.context.database.db
        .selectFrom('assets')
        .select('removal_requested_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).removal_requested_at;

  it(`takes ${REMOVAL_REQUESTS_PER_DAY.limit} a day from one account; the next records nothing until the next day`, async () => {
    const asker = await signInAs(t, 'registered');
    const other = await signInAs(t, 'registered');
    const asked = await seedAsset(t, imageAsset(10, 1, 'Altes Plakat'));
    const spared = await seedAsset(t, imageAsset(10, 1, 'Neues Plakat'));
    for (let i = 0; i < REMOVAL_REQUESTS_PER_DAY.limit; i += 1) {
      const body = { reason: `Bitte entfernen ${i}` };
      const answer = await call(t.app, 'DELETE', `/api/asset/${asked.id}`, { token: asker.token, body });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expectError(
      await call(t.app, 'DELETE', `/api/asset/${spared.id}`, { token: asker.token, body: { reason: 'x' } }),
      429,
      ErrorCodes.rateLimited,
    );
    expect(await requestedAt(spared.id)).toBeNull();

    // Another account is not affected by it.
    const byOther = await call(t.app, 'DELETE', `/api/asset/${asked.id}`, { token: other.token, body: {} });
    expect(byOther.statusCode).toBe(200);

    t.clock.advance(REMOVAL_REQUESTS_PER_DAY.windowMs);
    const next = await call(t.app, 'DELETE', `/api/asset/${spared.id}`, { token: asker.token, body: {} });
    expect(next.statusCode, next.body).toBe(200);
    expect(await requestedAt(spared.id)).not.toBeNull();
  });
});
