// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { RejectEvidenceDialog } from './reject-evidence-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(asAdmin = false) {
  const calls: { url: string; body: unknown }[] = [];
  // jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ message: messages.disputes.opened }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RejectEvidenceDialog taskId="t-1" asAdmin={asAdmin} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('RejectEvidenceDialog', () => {
  it('needs a reason before anything is sent', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: messages.taskPages.details.rejectEvidence }));
    fireEvent.click(await screen.findByRole('button', { name: messages.disputes.submitReject }));
    expect(await screen.findByText(messages.disputes.reasonRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the reason and the request for changes, then closes', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: messages.taskPages.details.rejectEvidence }));
    fireEvent.change(await screen.findByLabelText(new RegExp(messages.disputes.reasonLabel)), {
      target: { value: 'The roof is missing.' },
    });
    expect(screen.getByRole('checkbox', { name: messages.disputes.requestChangesLabel })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: messages.disputes.submitReject }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/tasks/t-1/evidence/reject', body: { reason: 'The roof is missing.', request_changes: true } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('as an admin, asks for a reason of at least 10 characters and sends it as the override reason too', async () => {
    const calls = setup(true);
    const adminOverridesText = messages.adminOverrides;
    fireEvent.click(screen.getByRole('button', { name: messages.taskPages.details.rejectEvidence }));
    expect(await screen.findByRole('dialog', { name: adminOverridesText.rejectTitle })).toBeInTheDocument();
    const reason = screen.getByLabelText(/^Reason \(sent to the client/);
    fireEvent.change(reason, { target: { value: 'Too short' } });
    fireEvent.click(screen.getByRole('button', { name: messages.disputes.submitReject }));
    expect(await screen.findByText(adminOverridesText.reasonRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
    fireEvent.change(reason, { target: { value: '  The client asked support to reject.  ' } });
    fireEvent.click(screen.getByRole('button', { name: messages.disputes.submitReject }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      reason: 'The client asked support to reject.',
      request_changes: true,
      override_reason: 'The client asked support to reject.',
    });
  });
});
