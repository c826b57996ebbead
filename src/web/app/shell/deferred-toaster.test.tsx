// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { DeferredToaster } from './deferred-toaster';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <DeferredToaster />
    </MemoryRouter>,
  );

const outlet = () => document.querySelector('section[aria-label^="Notifications"]');

describe('DeferredToaster', () => {
  it('loads no toast outlet on the landing page until the visitor interacts', async () => {
    const view = renderAt('/');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(outlet()).toBeNull();
    fireEvent.pointerDown(window);
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    view.unmount();
  });

  it('mounts the outlet on any other page and shows a toast raised before it arrived', async () => {
    act(() => {
      toast.error('Please sign in to access this page');
    });
    const view = renderAt('/auth');
    expect(await screen.findByText('Please sign in to access this page')).toBeInTheDocument();
    view.unmount();
  });
});
