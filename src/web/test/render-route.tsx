import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders `element` as the page of route `path`, opened at `url`, under a fresh query client that
 * does not retry (`queries` adds to its query defaults). Returns the client and the router.
 */
export function renderRoute(
  path: string,
  element: ReactElement,
  url: string,
  queries: { retryDelay?: number } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, ...queries } } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
