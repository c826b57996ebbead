import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PublicSettingsDto } from '@shared/schemas/geo.schemas';
import { systemSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEFAULT_PRIVACY_POLICY, DEFAULT_TERMS } from './legal-defaults';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/public-settings', () => {
  it('answers the footer and contact from system_settings and default legal texts when empty', async () => {
    const response = await t.request('GET', '/api/public-settings');
    expect(response.status).toBe(200);
    const settings = await t.json<PublicSettingsDto>(response);
    expect(settings).toEqual({
      footer_text: 'Remote inspections and verifications by verified local experts.',
      contact_email: 'support@example.com',
      tos_content: DEFAULT_TERMS,
      privacy_policy_content: DEFAULT_PRIVACY_POLICY,
      maintenance_mode: false,
      platform_fee_percent: 10,
      review_window_hours: 72,
      min_task_price: 500,
      max_task_price: 100_000,
      cancellation_policy: { cancel_free_hours_before_start: 24, cancel_free_minutes_after_hire: 60, callout_fee_percent: 25, callout_fee_min_cents: 1500 },
    });
  });

  it('answers the saved texts, and defaults again for blank ones', async () => {
    await t.db
      .update(systemSettings)
      .set({
        tos_content: 'Our terms.',
        privacy_policy_content: '   ',
        footer_text: 'Footer!',
        contact_email: '',
      })
      .where(eq(systemSettings.id, 1));
    const settings = await t.json<PublicSettingsDto>(await t.request('GET', '/api/public-settings'));
    expect(settings).toEqual({
      footer_text: 'Footer!',
      contact_email: null,
      tos_content: 'Our terms.',
      privacy_policy_content: DEFAULT_PRIVACY_POLICY,
      maintenance_mode: false,
      platform_fee_percent: 10,
      review_window_hours: 72,
      min_task_price: 500,
      max_task_price: 100_000,
      cancellation_policy: { cancel_free_hours_before_start: 24, cancel_free_minutes_after_hire: 60, callout_fee_percent: 25, callout_fee_min_cents: 1500 },
    });
  });
});
