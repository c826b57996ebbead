// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { RequestChangesDialog } from './request-changes-dialog';

const changesText = messages.evidenceChanges;
const CHECKLIST = [
  { id: 'vin-plate', label: 'VIN plate', kind: 'photo' as const, required: true },
  { id: 'odometer', label: 'Odometer', kind: 'photo' as const, required: true },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(checklist = CHECKLIST as typeof CHECKLIST | null) {
  const calls: { url: string; body: unknown }[] = [];
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
      return new Response(JSON.stringify({ message: changesText.requested }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RequestChangesDialog taskId="t-1" checklist={checklist} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('RequestChangesDialog (issue 50)', () => {
  it('needs an item and a note before anything is sent', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: changesText.requestButton }));
    fireEvent.click(await screen.findByRole('button', { name: changesText.submit }));
    expect(await screen.findByText(changesText.itemsRequired)).toBeInTheDocument();
    expect(screen.getByText(changesText.noteRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the picked items (labelled checkboxes) and the note, then closes', async () => {
    const calls = setup();
    fireEvent.click(screen.getByRole('button', { name: changesText.requestButton }));
    expect(await screen.findByRole('group', { name: changesText.itemsLegend })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'VIN plate' }));
    fireEvent.change(screen.getByLabelText(new RegExp(changesText.noteLabel)), { target: { value: 'The VIN plate is blurred.' } });
    fireEvent.click(screen.getByRole('button', { name: changesText.submit }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ url: '/api/tasks/t-1/evidence/request-changes', body: { item_ids: ['vin-plate'], note: 'The VIN plate is blurred.' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks only for a note on a task without a checklist', async () => {
    const calls = setup(null);
    fireEvent.click(screen.getByRole('button', { name: changesText.requestButton }));
    expect(screen.queryByRole('group', { name: changesText.itemsLegend })).toBeNull();
    fireEvent.change(await screen.findByLabelText(new RegExp(changesText.noteLabel)), { target: { value: 'Please show the back too.' } });
    fireEvent.click(screen.getByRole('button', { name: changesText.submit }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ item_ids: [], note: 'Please show the back too.' });
  });
});
