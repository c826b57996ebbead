// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { ReviewReportDto } from '@shared/schemas/directory.schemas';
import { headingOrderProblems } from '@web/test/page-structure';
import ReviewReportsPanel from './review-reports-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const directoryText = messages.directory;
const adminOverridesText = messages.adminOverrides;

const report = (overrides: Partial<ReviewReportDto>): ReviewReportDto => ({
  id: 'report-1',
  review_id: 'review-1',
  review_kind: 'expert',
  reporter_id: 'expert-1',
  reason: 'The client wrote things that never happened.',
  created_at: '2026-01-05T10:00:00.000Z',
  rating: 1,
  comment: 'Terrible, never showed up',
  removed: false,
  ...overrides,
});

function setup(reports: ReviewReportDto[], postStatus = 200) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        const body = postStatus === 200 ? { message: directoryText.reviewHidden } : { error: directoryText.reviewAlreadyHidden };
        return new Response(JSON.stringify(body), { status: postStatus, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ reports }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReviewReportsPanel />
    </QueryClientProvider>,
  );
  return posts;
}

describe('ReviewReportsPanel', () => {
  it('shows each report with its review, state and the matching action', async () => {
    setup([
      report({}),
      report({ id: 'report-2', review_id: 'review-2', review_kind: 'client', rating: 2, comment: 'Rude client', removed: true }),
      report({ id: 'report-3', review_id: 'review-3', rating: null, comment: null }),
    ]);
    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeTruthy();
    expect(headingOrderProblems()).toEqual([]);
    const [shown, hidden, gone] = items;
    expect(within(shown).getByRole('heading', { name: /Review of an expert · Reported on Jan 5, 2026/ })).toBeTruthy();
    expect(within(shown).getByText('Rating: 1 of 5')).toBeTruthy();
    expect(within(shown).getByText('Terrible, never showed up')).toBeTruthy();
    expect(within(shown).getByText(directoryText.reviewStateShown)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: directoryText.hideReview })).toBeTruthy();
    expect(within(hidden).getByText(directoryText.reviewStateHidden)).toBeTruthy();
    expect(within(hidden).getByRole('button', { name: directoryText.restoreReview })).toBeTruthy();
    expect(within(gone).getByText(directoryText.reviewGone)).toBeTruthy();
    expect(within(gone).queryByRole('button')).toBeNull();
  });

  it('asks for a reason of 10 to 1,000 characters before hiding, then posts it with the review kind', async () => {
    const posts = setup([report({})]);
    fireEvent.click(await screen.findByRole('button', { name: directoryText.hideReview }));
    const dialog = await screen.findByRole('dialog', { name: directoryText.hideTitle });
    const reason = within(dialog).getByLabelText(new RegExp(directoryText.moderationReasonLabel.replace(/[()]/g, '\\$&')));
    fireEvent.change(reason, { target: { value: 'too short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminOverridesText.submit }));
    expect(await within(dialog).findByText(adminOverridesText.reasonRequired)).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(reason, { target: { value: '  Invented events, against the review rules.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminOverridesText.submit }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toContain('/api/admin/reviews/review-1/hide');
    expect(posts[0].body).toEqual({ kind: 'expert', reason: 'Invented events, against the review rules.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('restores a hidden client review and keeps the dialog open when the server refuses', async () => {
    const posts = setup([report({ review_kind: 'client', removed: true })], 409);
    fireEvent.click(await screen.findByRole('button', { name: directoryText.restoreReview }));
    const dialog = await screen.findByRole('dialog', { name: directoryText.restoreTitle });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Hidden by mistake last week.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: adminOverridesText.submit }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toContain('/api/admin/reviews/review-1/restore');
    expect(posts[0].body).toEqual({ kind: 'client', reason: 'Hidden by mistake last week.' });
    expect(screen.getByRole('dialog', { name: directoryText.restoreTitle })).toBeTruthy();
  });
});
