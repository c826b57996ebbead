import { describe, expect, it } from 'vitest';
import {
  adminNotificationsQuerySchema,
  adminReportsQuerySchema,
  adminTransactionsQuerySchema,
  adminUsersQuerySchema,
  parseFeeInput,
  parsePriceInputCents,
  systemSettingsSchema,
  userRoleChangeSchema,
} from './admin.schemas';
import { fieldErrors } from './common.schemas';

const valid = {
  platform_fee_percent: 10,
  min_task_price: 500,
  max_task_price: 100_000,
  maintenance_mode: false,
  footer_text: 'Remote inspections by local experts',
  contact_email: 'support@example.com',
  tos_content: 'Terms',
  privacy_policy_content: null,
};

const errorsOf = (value: unknown) => {
  const result = systemSettingsSchema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('systemSettingsSchema', () => {
  it('accepts the defaults, empty and missing legal texts', () => {
    expect(systemSettingsSchema.safeParse(valid).success).toBe(true);
    const { tos_content: _t, privacy_policy_content: _p, ...withoutLegal } = valid;
    expect(systemSettingsSchema.safeParse(withoutLegal).success).toBe(true);
    expect(systemSettingsSchema.safeParse({ ...valid, tos_content: '', footer_text: '' }).success).toBe(true);
  });

  it.each([0, 0.01, 12.34, 33.33, 99.99, 100])('accepts a fee of %s', (fee) => {
    expect(systemSettingsSchema.safeParse({ ...valid, platform_fee_percent: fee }).success).toBe(true);
  });

  it.each([
    ['platform_fee_percent', -0.01, 'Platform fee must be between 0 and 100'],
    ['platform_fee_percent', 100.01, 'Platform fee must be between 0 and 100'],
    ['platform_fee_percent', '10', 'Platform fee must be between 0 and 100'],
    ['platform_fee_percent', 10.005, 'Platform fee can have at most 2 decimal places'],
    ['min_task_price', 99, 'Minimum task price must be at least $1'],
    ['min_task_price', 150.5, 'Minimum task price must be at least $1'],
    ['max_task_price', 0, 'Maximum task price must be at least $1'],
    ['contact_email', 'not-an-email', 'Please enter a valid contact email'],
    ['footer_text', 'x'.repeat(1_001), 'Footer text must be at most 1000 characters'],
    ['tos_content', 'x'.repeat(100_001), 'Legal text must be at most 100000 characters'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('needs a boolean maintenance mode', () => {
    expect(systemSettingsSchema.safeParse({ ...valid, maintenance_mode: 'yes' }).success).toBe(false);
  });

  it('refuses a minimum above the maximum, accepts them equal', () => {
    expect(errorsOf({ ...valid, min_task_price: 2_000, max_task_price: 1_000 }).min_task_price).toBe(
      'Minimum task price cannot be greater than the maximum task price',
    );
    expect(
      systemSettingsSchema.safeParse({ ...valid, min_task_price: 1_000, max_task_price: 1_000 }).success,
    ).toBe(true);
  });

  it('trims the contact email', () => {
    expect(systemSettingsSchema.parse({ ...valid, contact_email: ' a@b.co ' }).contact_email).toBe('a@b.co');
  });
});

describe('form fallbacks', () => {
  it('reads a non-numeric fee as 0', () => {
    expect(parseFeeInput('12.5')).toBe(12.5);
    expect(parseFeeInput('abc')).toBe(0);
    expect(parseFeeInput('')).toBe(0);
  });

  it('reads a non-numeric price as $1 and dollars as cents', () => {
    expect(parsePriceInputCents('5')).toBe(500);
    expect(parsePriceInputCents('1,000')).toBe(100_000);
    expect(parsePriceInputCents('abc')).toBe(100);
    expect(parsePriceInputCents('')).toBe(100);
  });
});

describe('admin queries', () => {
  it('pages users by 10 with search and role filter', () => {
    expect(adminUsersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, role: 'all' });
    expect(adminUsersQuerySchema.parse({ page: '2', search: ' ann ', role: 'expert' })).toEqual({
      page: 2,
      pageSize: 10,
      search: 'ann',
      role: 'expert',
    });
    expect(adminUsersQuerySchema.parse({ search: '  ' }).search).toBeUndefined();
    for (const role of ['all', 'client', 'expert', 'admin']) {
      expect(adminUsersQuerySchema.safeParse({ role }).success).toBe(true);
    }
    expect(adminUsersQuerySchema.safeParse({ role: 'owner' }).success).toBe(false);
  });

  it('filters transactions by status', () => {
    expect(adminTransactionsQuerySchema.parse({}).status).toBe('all');
    for (const status of ['pending', 'authorized', 'captured', 'refunded', 'failed', 'voided']) {
      expect(adminTransactionsQuerySchema.parse({ status }).status).toBe(status);
    }
    expect(adminTransactionsQuerySchema.safeParse({ status: 'completed' }).success).toBe(false);
  });

  it('pages notifications by 10', () => {
    expect(adminNotificationsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
  });

  it('changes only the expert and admin roles', () => {
    expect(userRoleChangeSchema.parse({ role: 'admin' })).toEqual({ role: 'admin' });
    expect(userRoleChangeSchema.safeParse({ role: 'client' }).success).toBe(false);
  });

  it('takes a report timeframe, 30 days by default', () => {
    expect(adminReportsQuerySchema.parse({})).toEqual({ timeframe: '30d' });
    for (const timeframe of ['7d', '30d', '90d', '12m']) {
      expect(adminReportsQuerySchema.parse({ timeframe }).timeframe).toBe(timeframe);
    }
    expect(adminReportsQuerySchema.safeParse({ timeframe: '1y' }).success).toBe(false);
  });
});
