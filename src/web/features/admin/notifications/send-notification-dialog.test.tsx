// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { SendNotificationDialog } from './send-notification-dialog';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

let recipients = 1;
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = String(url).startsWith('/api/admin/users')
        ? { rows: [{ id: '11111111-1111-4111-8111-111111111111', email: 'al@example.com', first_name: 'Al', last_name: 'Lee' }], total: 1, page: 1 }
        : { recipients };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SendNotificationDialog open onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function chooseAl(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('searchbox', { name: /User/ }), 'al');
  await user.click(await screen.findByRole('button', { name: /Al Lee/ }));
}

describe('Send Notification', () => {
  it('drops a field\'s "required" error as soon as the field is filled in', async () => {
    const user = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('searchbox', { name: /User/ })).toHaveAttribute('aria-invalid', 'true');
    await chooseAl(user);
    expect(screen.getByRole('searchbox', { name: /User/ })).not.toHaveAttribute('aria-invalid');
    const title = screen.getByRole('textbox', { name: /Title/ });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    await user.type(title, 'Hello');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: /Message/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "1 user" for one recipient and "3 users" for three', async () => {
    for (const count of [1, 3]) {
      recipients = count;
      const user = renderDialog();
      await chooseAl(user);
      await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Hi');
      await user.type(screen.getByRole('textbox', { name: /Message/ }), 'There');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(count === 1 ? 1 : 2));
      cleanup();
    }
    expect(vi.mocked(toast.success).mock.calls.map((call) => call[0])).toEqual([
      'Notification sent to 1 user',
      'Notification sent to 3 users',
    ]);
  });
});
