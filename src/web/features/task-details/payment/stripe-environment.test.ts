import { describe, expect, it } from 'vitest';
import { stripeEnvironmentProblems } from './stripe-environment';

const https = { protocol: 'https:', hostname: 'app.example.com' };

describe('card provider environment checks', () => {
  it('accepts test and live publishable keys served over https', () => {
    expect(stripeEnvironmentProblems('pk_test_51Habc123', https)).toEqual([]);
    expect(stripeEnvironmentProblems('pk_live_XYZ789', https)).toEqual([]);
  });

  it('logs an error for a malformed publishable key', () => {
    for (const key of ['sk_test_123', 'pk_prod_123', 'pk_test_', 'pk_test_12-3']) {
      expect(stripeEnvironmentProblems(key, https).map((p) => p.level)).toEqual(['error']);
    }
  });

  it('warns about plain http on a non-local host only', () => {
    expect(stripeEnvironmentProblems('pk_test_1', { protocol: 'http:', hostname: 'app.example.com' })).toEqual([
      expect.objectContaining({ level: 'warn' }),
    ]);
    expect(stripeEnvironmentProblems('pk_test_1', { protocol: 'http:', hostname: 'localhost' })).toEqual([]);
  });
});
