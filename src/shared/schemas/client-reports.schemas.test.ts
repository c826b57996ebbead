import { describe, expect, it } from 'vitest';
import { clientReportSchema } from './client-reports.schemas';

describe('clientReportSchema', () => {
  it('trims the reason and defaults the severity to warning', () => {
    expect(clientReportSchema.parse({ reason: '  Never authorized payment  ' })).toEqual({
      reason: 'Never authorized payment',
      severity: 'warning',
    });
  });

  it.each(['warning', 'serious', 'critical'])('accepts severity %s', (severity) => {
    expect(clientReportSchema.parse({ reason: 'x', severity }).severity).toBe(severity);
  });

  it('refuses another severity', () => {
    expect(clientReportSchema.safeParse({ reason: 'x', severity: 'minor' }).success).toBe(false);
  });

  it.each([undefined, '', '   '])('reason %j -> Please provide a reason for the report', (reason) => {
    expect(clientReportSchema.safeParse({ reason }).error?.issues[0].message).toBe(
      'Please provide a reason for the report',
    );
  });

  it('bounds the reason', () => {
    expect(clientReportSchema.safeParse({ reason: 'x'.repeat(1_001) }).error?.issues[0].message).toBe(
      'Reason must be at most 1000 characters',
    );
  });
});
