// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
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

  it('renders the outlet in the first render past "/", not after an effect renders it again', () => {
    // The outlet's code is in by now (the tests above loaded it). A render with no effects (to a
    // string) shows what the first render holds: a second render of the tree cost the task page a
    // long task as it settled (decision 0412).
    const firstRender = (path: string) =>
      renderToString(
        <MemoryRouter initialEntries={[path]}>
          <DeferredToaster />
        </MemoryRouter>,
      );
    expect(firstRender('/auth')).toMatch(/<section[^>]*aria-label="Notifications/);
    expect(firstRender('/')).toBe('');
  });
});
