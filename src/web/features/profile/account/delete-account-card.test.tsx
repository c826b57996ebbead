// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstUserMessages } from '@shared/messages/first-user';
import { renderRoute } from '@web/test/render-route';
import { DeleteAccountCard } from './delete-account-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let deletions: unknown[];
beforeEach(() => {
  deletions = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/account/delete' && init?.method === 'POST') deletions.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function askToDelete() {
  renderRoute('/profile', <DeleteAccountCard />, '/profile');
  fireEvent.change(screen.getByLabelText('Password to confirm'), { target: { value: 'secret-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
}

describe('DeleteAccountCard (issue 52)', () => {
  it('asks once more in a dialog and deletes nothing when the user keeps the account', async () => {
    askToDelete();
    const dialog = await screen.findByRole('alertdialog', { name: firstUserMessages.deleteConfirmTitle });
    expect(dialog).toHaveTextContent(firstUserMessages.deleteConfirmText);
    fireEvent.click(screen.getByRole('button', { name: firstUserMessages.deleteKeep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletions).toEqual([]);
  });

  it('deletes only after the dialog is confirmed', async () => {
    askToDelete();
    expect(deletions).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: firstUserMessages.deleteConfirm }));
    await waitFor(() => expect(deletions).toEqual([{ password: 'secret-pass' }]));
  });
});
