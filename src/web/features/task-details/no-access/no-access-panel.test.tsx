// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoAccessReportDto } from '@shared/schemas/no-access.schemas';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { NoAccessPanel } from './no-access-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const createReport = (overrides: Partial<NoAccessReportDto> = {}): NoAccessReportDto => ({
  task_id: 't-1',
  status: 'pending',
  window: 'Tue 8 Dec, 4:00-5:00 pm CST',
  reported_at: '2026-12-08T22:10:00.000Z',
  fee_due_at: '2026-12-10T22:10:00.000Z',
  fee_due_text: 'Thu 10 Dec, 4:10 pm CST',
  fee_cents: 2_500,
  expert_cents: 2_250,
  note: 'Rang twice.',
  photos: [{ index: 0, captured_at: '2026-12-08T22:05:00.000Z', distance_miles: 0.02 }],
  contest_reason: null,
  ...overrides,
});
const TASK = { id: 't-1', title: 'Car check', status: 'no_access_reported' } as TaskDetailsDto;

function setup(report: NoAccessReportDto, isOwner: boolean, refusal: string | null = null) {
  const posts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url: String(input), body: JSON.parse(String(init.body)) });
        if (refusal) return Response.json({ error: { code: 'conflict', message: refusal } }, { status: 409 });
        return Response.json({ message: 'Your answer was sent. An admin will decide.' });
      }
      return Response.json({ report });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NoAccessPanel task={TASK} isOwner={isOwner} />
    </QueryClientProvider>,
  );
  return posts;
}

describe('the no-access panel (issue 50)', () => {
  it('shows the client the proof, the fee and its deadline, and sends a contest with the reason', async () => {
    const posts = setup(createReport(), true);
    const panel = await screen.findByTestId('no-access-panel');
    expect(panel).toHaveTextContent('during the agreed visit (Tue 8 Dec, 4:00-5:00 pm CST)');
    expect(panel).toHaveTextContent('Unless you contest by Thu 10 Dec, 4:10 pm CST, a call-out fee of $25.00 is charged');
    expect(within(panel).getByRole('img', { name: 'No-access photo 1' })).toHaveAttribute('src', '/api/tasks/t-1/no-access/photos/0');
    fireEvent.click(within(panel).getByRole('button', { name: 'Contest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contest the no-access report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contest the report' }));
    expect(await within(dialog).findByText('Please say why the report is wrong (at least 10 characters).')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Why the report is wrong'), { target: { value: 'The seller was there all day.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contest the report' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/tasks/t-1/no-access/contest', body: { reason: 'The seller was there all day.' } }]));
  });

  it("keeps the dialog open with the server's refusal beside the field", async () => {
    setup(createReport(), true, 'The time to contest this report has passed.');
    const panel = await screen.findByTestId('no-access-panel');
    fireEvent.click(within(panel).getByRole('button', { name: 'Contest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contest the no-access report' });
    fireEvent.change(within(dialog).getByLabelText('Why the report is wrong'), { target: { value: 'The seller was there all day.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Contest the report' }));
    expect(await within(dialog).findByText('The time to contest this report has passed.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Contest the no-access report' })).toBeInTheDocument();
  });

  it('tells the expert until when the client may answer, with no contest button', async () => {
    setup(createReport(), false);
    const panel = await screen.findByTestId('no-access-panel');
    expect(panel).toHaveTextContent('The client has until Thu 10 Dec, 4:10 pm CST to contest');
    expect(within(panel).queryByRole('button', { name: 'Contest' })).toBeNull();
  });
});
