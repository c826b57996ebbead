import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MeDto } from '@shared/schemas/me.schemas';
import { profiles } from '../../db/schema';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, type TestApp } from '../../test/test-app';

// GET /api/me is read by the shell of every dashboard: one round trip (decision 0101).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function countedMe(cookie: string) {
  const counter = countStatements(t.db);
  try {
    const response = await t.request('GET', '/api/me', { cookie });
    return { body: await t.json<MeDto>(response), statements: [...counter.statements] };
  } finally {
    counter.restore();
  }
}

describe('GET /api/me round trips', () => {
  it('reads the profile and the roles in one statement once the session is cached', async () => {
    const expert = await t.createUser('expert');
    await t.request('GET', '/api/me', { cookie: expert.cookie });
    const { body, statements } = await countedMe(expert.cookie);
    expect(statements).toHaveLength(1);
    expect(body.roles).toEqual({ isAdmin: false, isExpert: true });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, expert.id));
    expect(body.profile).toEqual({
      id: expert.id,
      first_name: row.first_name,
      last_name: row.last_name,
      avatar_url: null,
      email: expert.email,
      onboarding_completed: true,
      role_selected_at: row.role_selected_at?.toISOString(),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    });
  });

  it('still creates a missing profile from the session user', async () => {
    const client = await t.createUser('client');
    await t.request('GET', '/api/me', { cookie: client.cookie });
    await t.db.delete(profiles).where(eq(profiles.id, client.id));
    const { body } = await countedMe(client.cookie);
    expect(body.profile).toMatchObject({ id: client.id, email: client.email, first_name: 'Client', last_name: 'Tester' });
    expect(body.roles).toEqual({ isAdmin: false, isExpert: false });
    expect(await t.db.select().from(profiles).where(eq(profiles.id, client.id))).toHaveLength(1);
  });
});
