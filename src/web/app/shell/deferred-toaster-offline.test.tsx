// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DeferredToaster } from './deferred-toaster';

// The toast chunk cannot be fetched (offline after the first load): its import rejects.
vi.mock('@web/components/ui/toaster', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('DeferredToaster without its chunk', () => {
  it('leaves the page working, without toasts, when the toast code cannot load', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/auth']}>
        <p>the page</p>
        <DeferredToaster />
      </MemoryRouter>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(document.querySelector('section[aria-label^="Notifications"]')).toBeNull();
    quiet.mockRestore();
  });
});
