import { describe, expect, it } from 'vitest';
import { verificationInitiateSchema, verificationStatusQuerySchema } from './verification.schemas';

describe('verification schemas', () => {
  it('accepts the two levels with optional metadata', () => {
    expect(verificationInitiateSchema.parse({ level: 'community_trust' })).toEqual({
      level: 'community_trust',
    });
    expect(
      verificationInitiateSchema.parse({ level: 'background_check', metadata: { a: 1 } }).metadata,
    ).toEqual({
      a: 1,
    });
    expect(verificationInitiateSchema.safeParse({ level: 'gold' }).success).toBe(false);
  });

  it('takes an optional expert id', () => {
    expect(verificationStatusQuerySchema.parse({})).toEqual({});
    expect(verificationStatusQuerySchema.safeParse({ expert_id: 'x' }).success).toBe(false);
  });
});
