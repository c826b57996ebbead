// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND_NAME } from '@shared/brand';
import type { PublicReportDto } from '@shared/schemas/evidence-trust';
import { renderRoute } from '@web/test/render-route';
import ReportVerifyPage from './report-verify-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPORT: PublicReportDto = {
  id: '11111111-1111-4111-8111-111111111111',
  issued_at: '2026-11-20T15:30:00.000Z',
  task_title: 'Roof inspection in Austin',
  expert_name: 'Sam Rivera',
};

describe('ReportVerifyPage (issue 52)', () => {
  it('says under the site header which report it checks: task title, date and expert', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(REPORT), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    renderRoute('/reports/:reportId/verify', <ReportVerifyPage />, `/reports/${REPORT.id}/verify`);
    const subject = await screen.findByTestId('report-subject');
    expect(subject).toHaveTextContent('This page checks the inspection report for "Roof inspection in Austin".');
    expect(subject).toHaveTextContent('Report issued November 20, 2026');
    expect(subject).toHaveTextContent('Expert: Sam Rivera');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: BRAND_NAME })).toHaveAttribute('href', '/');
  });
});
