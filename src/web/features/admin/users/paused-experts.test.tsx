// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { PausedExpertDto } from '@shared/schemas/reliability.schemas';
import { PausedExperts } from './paused-experts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const createPausedExpert = (overrides: Partial<PausedExpertDto> = {}): PausedExpertDto => ({
  expert_id: 'e-1',
  name: 'Sam Smith',
  email: 'sam@example.com',
  paused_until: '2026-12-13T12:00:00.000Z',
  paused_at: '2026-12-06T12:00:00.000Z',
  ...overrides,
});

function setup(pauses: PausedExpertDto[]) {
  const posts: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json({ message: 'The pause is lifted.' });
      }
      return Response.json({ pauses });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PausedExperts />
    </QueryClientProvider>,
  );
  return posts;
}

describe('the admin list of paused experts (issue 50)', () => {
  it('says so when nobody is paused', async () => {
    setup([]);
    expect(await screen.findByText('No expert is paused.')).toBeInTheDocument();
  });

  it('lifts a pause with the reason the expert will read', async () => {
    const posts = setup([createPausedExpert()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lift pause: Sam Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the application pause of Sam Smith' });
    fireEvent.change(within(dialog).getByLabelText(/Reason \(the expert sees it\)/), {
      target: { value: 'The client confirmed the cancels were theirs.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.adminOverrides.submit }));
    await waitFor(() =>
      expect(posts).toEqual([
        { url: '/api/admin/experts/e-1/application-pause/lift', body: { reason: 'The client confirmed the cancels were theirs.' } },
      ]),
    );
  });
});
