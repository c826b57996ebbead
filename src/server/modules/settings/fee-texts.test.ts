import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemSettingsDto } from '@shared/schemas/admin-dto';
import type { PublicSettingsDto } from '@shared/schemas/geo.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the default terms state the fee in force', () => {
  it('follow the admin setting: 10% / 90% by default, 15% / 85% once the fee is 15', async () => {
    const before = (await t.json(await t.request('GET', '/api/public-settings'))) as PublicSettingsDto;
    expect(before.tos_content).toContain('platform fee of 10% and transfers 90% to the expert');

    const admin = await t.createUser('admin');
    const current = (await t.json(await t.request('GET', '/api/admin/settings', { cookie: admin.cookie }))) as SystemSettingsDto;
    const saved = await t.request('PUT', '/api/admin/settings', { cookie: admin.cookie, body: { ...current, platform_fee_percent: 15 } });
    expect(saved.status).toBe(200);

    const after = (await t.json(await t.request('GET', '/api/public-settings'))) as PublicSettingsDto;
    expect(after.platform_fee_percent).toBe(15);
    expect(after.tos_content).toContain('platform fee of 15% and transfers 85% to the expert');
    expect(after.tos_content).not.toContain('10%');
  });
});
