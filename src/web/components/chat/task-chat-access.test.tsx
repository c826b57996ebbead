// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { TaskChat } from './task-chat';

afterEach(() => vi.unstubAllGlobals());

function renderRefused(status: number, message: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: { code: 'x', message } }), { status, headers: { 'content-type': 'application/json' } })),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TaskChat taskId="t-1" meId="me" />
    </QueryClientProvider>,
  );
}

describe('TaskChat for someone who is not a party', () => {
  it("tells an applicant who the chat is for, then that they must be accepted (the spec's two lines)", async () => {
    renderRefused(403, messages.chat.mustBeAccepted);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.chat.partiesOnly);
    expect(alert).toHaveTextContent(messages.chat.mustBeAccepted);
  });

  it('says "only the client and the accepted expert" once when that is the answer itself', async () => {
    renderRefused(409, messages.chat.partiesOnly);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.chat.partiesOnly);
  });
});
