import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyExpertProfileResponse } from '@shared/schemas/expert-onboarding.schemas';
import { eq, sql } from 'drizzle-orm';
import { expertProfiles } from '../../db/schema';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { toMyExpertProfileDto } from './experts.dto';

// GET /api/experts/me is read by the expert dashboard on every load: one round trip (decision 0101).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The statements one request sends once its session is cached (the first request reads the session). */
async function statementsOf(cookie: string, path: string) {
  await t.request('GET', path, { cookie });
  const counter = countStatements(t.db);
  try {
    const response = await t.request('GET', path, { cookie });
    return { response, statements: [...counter.statements] };
  } finally {
    counter.restore();
  }
}

describe('GET /api/experts/me round trips', () => {
  it('reads an expert profile in one statement, with the same answer twice in a row', async () => {
    const expert = await t.createUser('expert');
    // Microseconds, which a JavaScript Date cannot hold: both reads must round them the same way.
    await t.db
      .update(expertProfiles)
      .set({ lpca_terms_accepted_at: sql`'2026-01-02 03:04:05.123456+00'`, latitude: 40.71234567890123 })
      .where(eq(expertProfiles.id, expert.id));
    const first = await t.json<MyExpertProfileResponse>(await t.request('GET', '/api/experts/me', { cookie: expert.cookie }));
    const { response, statements } = await statementsOf(expert.cookie, '/api/experts/me');
    expect(response.status).toBe(200);
    expect(statements).toHaveLength(1);
    expect(await t.json<MyExpertProfileResponse>(response)).toEqual(first);
    // The same answer as the whole row mapped by the DTO (dates to the millisecond, numbers, arrays).
    const [row] = await t.db.select().from(expertProfiles).where(eq(expertProfiles.id, expert.id));
    expect(first.expert).toEqual(JSON.parse(JSON.stringify(toMyExpertProfileDto(row))));
  });

  it('answers a client (no expert profile) in one statement too', async () => {
    const client = await t.createUser('client');
    const { response, statements } = await statementsOf(client.cookie, '/api/experts/me');
    expect(await t.json<MyExpertProfileResponse>(response)).toEqual({ expert: null });
    expect(statements).toHaveLength(1);
  });
});
