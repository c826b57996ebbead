// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentDto } from '@shared/schemas/appointments.schemas';
import { renderRoute } from '@web/test/render-route';
import { instantOf } from './visit-form';
import { VisitSection } from './visit-section';

const W1 = {
  start: '2026-12-09T22:00:00.000Z',
  end: '2026-12-09T23:00:00.000Z',
  label: 'Wed 9 Dec, 4:00-5:00 pm CST',
};
const W2 = {
  start: '2026-12-10T00:00:00.000Z',
  end: '2026-12-10T01:00:00.000Z',
  label: 'Wed 9 Dec, 6:00-7:00 pm CST',
};

const base: AppointmentDto = {
  task_id: 't1',
  time_zone: 'America/Chicago',
  state: 'none',
  agreed: null,
  sequence: 0,
  pending: null,
  timeline: [],
  my_party: 'client',
  can_propose: false,
  can_answer: false,
  onsite_contact: null,
  onsite_confirmed: false,
};

function serve(appointment: AppointmentDto, answer?: AppointmentDto) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return json(200, { appointment: answer ?? appointment, message: 'Visit time agreed.' });
      }
      return json(200, { appointment });
    }),
  );
  return calls;
}

const renderSection = () => renderRoute('/task/:taskId', <VisitSection taskId="t1" />, '/task/t1');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VisitSection', () => {
  it("lets the client pick one of the expert's windows, named in the task's zone", async () => {
    const pending = {
      id: 'p1',
      party: 'expert' as const,
      kind: 'proposal' as const,
      windows: [W1, W2],
      reason: null,
      late: false,
      status: 'pending' as const,
      created_at: '2026-12-01T12:00:00.000Z',
    };
    const calls = serve(
      { ...base, state: 'proposed', pending, can_answer: true, can_propose: true },
      { ...base, state: 'agreed', agreed: W2, sequence: 1 },
    );
    renderSection();
    const offer = await screen.findByTestId('visit-pending');
    expect(within(offer).getByText('The expert proposed:')).toBeInTheDocument();
    fireEvent.click(within(offer).getByRole('button', { name: `Pick this time: ${W2.label}` }));
    await waitFor(() => expect(screen.getByTestId('visit-agreed')).toHaveTextContent(W2.label));
    expect(calls).toEqual([{ url: '/api/tasks/t1/appointment/proposals/p1/accept', body: { choice: 1 } }]);
  });

  it('sends the typed times as moments in the task zone, and asks for a reason to reschedule', async () => {
    const calls = serve({
      ...base,
      state: 'agreed',
      agreed: W1,
      sequence: 1,
      my_party: 'client',
      can_propose: true,
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to reschedule' }));
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-12-10T16:00' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2026-12-10T17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Say why the visit needs to move.');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Seller away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      windows: [{ start: '2026-12-10T22:00:00.000Z', end: '2026-12-10T23:00:00.000Z' }],
      reason: 'Seller away',
    });
  });

  it('reads a wall-clock time in the zone', () => {
    expect(instantOf('2026-12-09T16:00', 'America/Chicago')).toBe('2026-12-09T22:00:00.000Z');
    expect(instantOf('2026-12-09', 'America/Chicago')).toBeNull();
  });
});
