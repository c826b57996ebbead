// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchCentre, TaskSearchDto } from '@shared/schemas/discovery.schemas';
import type { TaskListItemDto } from '@shared/schemas/task-api';
import { renderRoute } from '@web/test/render-route';
import { createTaskListItem } from '@web/test/builders';
import TaskSearchPage from './task-search-page';

function taskOf(index: number): TaskListItemDto {
  return createTaskListItem({ id: `t${index}`, title: `Task number ${index}`, distance_miles: 2.5 });
}

const SERVICE_LOCATION: SearchCentre = { latitude: 40.71, longitude: -74.01, label: 'New York, New York' };
let total: number;
let searches: URLSearchParams[];

beforeEach(() => {
  total = 2;
  searches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/search/tasks') {
        searches.push(url.searchParams);
        const chosen = url.searchParams.get('latitude');
        const body: TaskSearchDto = {
          tasks: [taskOf(1), taskOf(2)],
          total,
          page: Number(url.searchParams.get('page')),
          pageSize: 20,
          centre: chosen
            ? { latitude: Number(chosen), longitude: Number(url.searchParams.get('longitude')), label: null }
            : SERVICE_LOCATION,
          radius_miles: 100,
        };
        return json(body);
      }
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Find Tasks', () => {
  it('shows the service location it searches near in the "Search near" field, without writing it to the address', async () => {
    const { router } = renderRoute('/find-tasks', <TaskSearchPage />, '/find-tasks');
    expect(await screen.findByTestId('search-count')).toHaveTextContent(
      '2 open tasks within 100 miles · Near New York, New York',
    );
    expect(screen.getByRole('combobox', { name: 'Search near' })).toHaveValue('New York, New York');
    // It is the expert's own location, not a chosen place: no "My service location" reset.
    expect(screen.queryByRole('button', { name: 'My service location' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'nearest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=nearest'));
    await waitFor(() => expect(searches.at(-1)?.get('sort')).toBe('nearest'));
    expect(searches.at(-1)?.has('latitude')).toBe(false);
  });

  it('shows a chosen place in the field', async () => {
    renderRoute(
      '/find-tasks',
      <TaskSearchPage />,
      '/find-tasks?lat=42.36&lng=-71.06&near=Boston%2C+Massachusetts',
    );
    expect(await screen.findByTestId('search-count')).toHaveTextContent('Near Boston, Massachusetts');
    expect(screen.getByRole('combobox', { name: 'Search near' })).toHaveValue('Boston, Massachusetts');
    expect(screen.getByRole('button', { name: 'My service location' })).toBeInTheDocument();
  });

  it('hides the pager when every result is on one page', async () => {
    renderRoute('/find-tasks', <TaskSearchPage />, '/find-tasks');
    await screen.findByText('Task number 1');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.queryByText('Page 1 of 1')).not.toBeInTheDocument();
  });

  it('shows the pager when there are more pages', async () => {
    total = 45;
    const { router } = renderRoute('/find-tasks', <TaskSearchPage />, '/find-tasks');
    await screen.findByText('Task number 1');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });
});
