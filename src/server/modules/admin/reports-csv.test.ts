import { describe, expect, it } from 'vitest';
import { reportFileName, toCsv } from './reports-csv';

describe('toCsv', () => {
  it('quotes every value, doubles quotes, and neutralises cells that a spreadsheet would run', () => {
    const csv = toCsv([
      ['=SUM(A1:A2)', '+1', '-2', '@cmd', 'plain', 'say "hi"', 3, ''],
      ['\tTab', '\rCR', 'a,b'],
    ]);
    expect(csv).toBe(
      `"'=SUM(A1:A2)","'+1","'-2","'@cmd","plain","say ""hi""","3",""\r\n"'\tTab","'\rCR","a,b"\r\n`,
    );
  });

  it('names the file by report and UTC date', () => {
    expect(reportFileName('user', new Date('2026-03-04T23:59:00Z'))).toBe('user-report-2026-03-04.csv');
  });
});
