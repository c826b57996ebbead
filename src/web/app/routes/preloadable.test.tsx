// @vitest-environment jsdom
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const Page = () => <p>the page</p>;
afterEach(cleanup);

function renderWithFallback(Component: React.ComponentType) {
  return render(
    <Suspense fallback={<p>Loading...</p>}>
      <Component />
    </Suspense>,
  );
}

describe('preloadable', () => {
  it('imports the code once, however often it is started', async () => {
    const importer = vi.fn(async () => ({ default: Page }));
    const { load } = preloadable(importer);
    await Promise.all([load(), load()]);
    await load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('renders code that has already arrived without showing the loading fallback', async () => {
    const { load, Component } = preloadable(async () => ({ default: Page }));
    await load();
    renderWithFallback(Component);
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('shows the fallback while the code is still on its way', async () => {
    let arrive!: (module: { default: typeof Page }) => void;
    const { Component } = preloadable(
      () => new Promise<{ default: typeof Page }>((resolve) => (arrive = resolve)),
    );
    renderWithFallback(Component);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive({ default: Page }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('tries the import again after a failure', async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Page });
    const { load } = preloadable(importer);
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toEqual({ default: Page });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
