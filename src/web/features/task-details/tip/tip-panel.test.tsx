// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { TaskTipDto, TipDto } from '@shared/schemas/tips.schemas';
import { renderRoute } from '@web/test/render-route';
import { TipPanel } from './tip-panel';

const text = messages.earnings;
let state: TaskTipDto;
let bodies: Record<string, unknown>[];

const succeeded = (amount: number): TipDto => ({
  id: 'tip1',
  task_id: 't1',
  amount_cents: amount,
  percent: 15,
  status: 'succeeded',
  failure_message: null,
  created_at: '2026-03-02T12:00:00.000Z',
  captured_at: '2026-03-02T12:00:00.000Z',
});

beforeEach(() => {
  bodies = [];
  state = { tip: null, can_tip: true, tip_until: '2026-03-09T12:00:00.000Z', price_cents: 10_000 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        const tip = succeeded(typeof body.amount_cents === 'number' ? body.amount_cents : 1_500);
        state = { ...state, tip, can_tip: false };
        return json({ tip }, 201);
      }
      return json(state);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TipPanel', () => {
  it('adds 15% of the price by default, with one request key, and thanks the client', async () => {
    const user = userEvent.setup();
    renderRoute('/task/:id', <TipPanel taskId="t1" expertName="Sam" />, '/task/t1');
    expect(await screen.findByRole('radio', { name: '15% ($15.00)' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '15% ($15.00)' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add tip of $15.00' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Thank you! Your tip of $15.00 is on its way to Sam.',
      ),
    );
    expect(bodies).toEqual([{ percent: 15, idempotency_key: expect.stringMatching(/^tip-/) }]);
    expect(screen.queryByRole('button', { name: /Add tip/ })).toBeNull();
  });

  it('takes a custom amount from a labelled field, with the keyboard', async () => {
    const user = userEvent.setup();
    renderRoute('/task/:id', <TipPanel taskId="t1" expertName="Sam" />, '/task/t1');
    await user.click(await screen.findByRole('radio', { name: text.tipCustom }));
    await user.type(screen.getByLabelText(text.tipCustomLabel), '12.50');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(bodies).toEqual([{ amount_cents: 1_250, idempotency_key: expect.any(String) }]),
    );
  });

  it('shows nothing when no tip can be added and none was', async () => {
    state = { tip: null, can_tip: false, tip_until: '2026-03-09T12:00:00.000Z', price_cents: 10_000 };
    const { queryClient } = renderRoute('/task/:id', <TipPanel taskId="t1" expertName="Sam" />, '/task/t1');
    await waitFor(() => expect(queryClient.getQueryData(['tasks', 't1', 'tip'])).toBeTruthy());
    expect(screen.queryByRole('heading', { name: text.tipTitle })).toBeNull();
  });
});
