// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { LateWorkDto } from '@shared/schemas/evidence-changes.schemas';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import { LateWorkPanel } from './late-work-panel';

const lateText = messages.lateWork;
const TASK = { id: 't-1', status: 'in_progress' } as TaskDetailsDto;

function lateWorkOf(overrides: Partial<LateWorkDto> = {}): LateWorkDto {
  return {
    overdue: true,
    due_date: '2026-03-10T03:59:59.999Z',
    time_zone: 'America/New_York',
    free_cancel_from: '2026-03-11T03:59:59.999Z',
    can_cancel_free: false,
    extensions: [],
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(data: LateWorkDto, isOwner: boolean) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
      calls.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LateWorkPanel task={TASK} isOwner={isOwner} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('LateWorkPanel (issue 50)', () => {
  it('shows nothing while the task is on time', async () => {
    setup(lateWorkOf({ overdue: false }), true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('late-work-panel')).toBeNull();
  });

  it('shows Overdue to the client with the expert request, which the client accepts', async () => {
    const calls = setup(
      lateWorkOf({
        extensions: [
          { id: 'e-1', requested_due_at: '2026-03-13T03:59:59.999Z', previous_due_at: null, reason: 'The seller moved the viewing.', status: 'pending', created_at: '2026-03-10T12:00:00Z', decided_at: null },
        ],
      }),
      true,
    );
    expect(await screen.findByText(lateText.overdue)).toBeInTheDocument();
    expect(screen.getByText(/The seller moved the viewing\./)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(lateText.cancelFreeOpensAt.split('{when}')[0]!))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: lateText.accept }));
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/tasks/t-1/extensions/e-1/accept']));
  });

  it('lets the client cancel for free after confirming, once the 24 hours have passed', async () => {
    const calls = setup(lateWorkOf({ can_cancel_free: true }), true);
    fireEvent.click(await screen.findByRole('button', { name: lateText.cancelFree }));
    expect(await screen.findByText(lateText.cancelConfirm)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: lateText.cancelFree });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/tasks/t-1/cancel-overdue']));
  });

  it('lets the expert ask for more time with a labelled date and reason, checked before sending', async () => {
    const calls = setup(lateWorkOf(), false);
    expect(await screen.findByText(lateText.overdue)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: lateText.requestButton }));
    expect(await screen.findByText(lateText.newDueRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText(new RegExp(lateText.newDueLabel)), { target: { value: '2026-03-12' } });
    fireEvent.change(screen.getByLabelText(new RegExp(lateText.reasonLabel)), { target: { value: 'The seller moved the viewing.' } });
    fireEvent.click(screen.getByRole('button', { name: lateText.requestButton }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/tasks/t-1/extensions', body: { new_due_date: '2026-03-12', reason: 'The seller moved the viewing.' } });
  });
});
