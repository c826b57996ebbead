import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSettingsDto } from '@shared/schemas/geo.schemas';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

/** The cancellation policy's numbers as admin settings (issue 50, decision 0460), stated by the public settings. */
let t: TestApp;
let admin: TestUser;
let client: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [admin, client] = await Promise.all([t.createUser('admin'), t.createUser('client')]);
});
afterAll(() => t.close());

const DEFAULTS = { cancel_free_hours_before_start: 24, cancel_free_minutes_after_hire: 60, callout_fee_percent: 25, callout_fee_min_cents: 1_500 };
const put = (body: unknown, user: TestUser | null = admin) => t.request('PUT', '/api/admin/cancellation-policy', { cookie: user?.cookie, body });
const messageOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('/api/admin/cancellation-policy', () => {
  it('reads the defaults, saves new numbers (audited) and the public settings state them at once', async () => {
    expect(await t.json(await t.request('GET', '/api/admin/cancellation-policy', { cookie: admin.cookie }))).toEqual(DEFAULTS);
    const next = { cancel_free_hours_before_start: 48, cancel_free_minutes_after_hire: 30, callout_fee_percent: 20, callout_fee_min_cents: 1_000 };
    const saved = await put(next);
    expect(saved.status).toBe(200);
    expect(await t.json(saved)).toEqual(next);
    const settings = await t.json<PublicSettingsDto>(await t.request('GET', '/api/public-settings'));
    expect(settings.cancellation_policy).toEqual(next);
    const audit = await t.db.select().from(auditLog);
    expect(audit.find((row) => row.action === 'settings.cancellation_policy_changed')).toMatchObject({ actor_id: admin.id, details: next });
    expect((await put(DEFAULTS)).status).toBe(200);
  });

  it("refuses numbers out of range with the field's own text", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cancel_free_hours_before_start: -1 }, 'The free window must be a whole number of hours from 0 to 168'],
      [{ cancel_free_minutes_after_hire: 1.5 }, 'The free period must be a whole number of minutes from 0 to 1440'],
      [{ callout_fee_percent: 101 }, 'The call-out fee must be a whole percent from 0 to 100'],
      [{ callout_fee_min_cents: '15' }, 'The minimum call-out fee must be whole cents from 0 to 100000'],
    ];
    for (const [change, text] of cases) {
      const response = await put({ ...DEFAULTS, ...change });
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(text);
    }
  });

  it('is for admins only', async () => {
    expect((await put(DEFAULTS, client)).status).toBe(403);
    expect((await put(DEFAULTS, null)).status).toBe(401);
    expect((await t.request('GET', '/api/admin/cancellation-policy', { cookie: client.cookie })).status).toBe(403);
  });
});
