// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { renderRoute } from '@web/test/render-route';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ClientDashboardPage from './client-dashboard-page';

function serve(tasks: unknown[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ tasks, total: tasks.length, page: 1, pageSize: 50 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return urls;
}

function renderPage() {
  renderRoute('/dashboard', <ClientDashboardPage />, '/dashboard');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const task = (id: string, title: string, status: string, applications: number) => ({
  id,
  title,
  status,
  budget: 12_050,
  location: 'Austin, Texas',
  created_at: '2026-03-01T12:00:00.000Z',
  application_count: applications,
  distance_miles: null,
  my_application_status: null,
});

describe('ClientDashboardPage', () => {
  it("lists the client's own tasks with status, budget, application counts and links", async () => {
    const urls = serve([task('a', 'Newest task', 'open', 3), task('b', 'Older task', 'assigned', 1)]);
    renderPage();
    expect(await screen.findByRole('link', { name: 'Newest task' })).toHaveAttribute('href', '/task/a');
    expect(urls.find((url) => url.startsWith('/api/tasks'))).toContain('scope=mine');
    const items = screen.getAllByTestId('task-list-item');
    expect(items[0]).toHaveTextContent('Open for Applications');
    expect(items[0]).toHaveTextContent('$120.50');
    expect(items[0]).toHaveTextContent('3 applications');
    expect(items[1]).toHaveTextContent('Assigned to Expert');
    expect(items[1]).toHaveTextContent('1 application');
    expect(screen.getByRole('link', { name: 'Create Task' })).toHaveAttribute(
      'href',
      '/dashboard/create-task',
    );
  });

  it("links a task's assigned expert to their public profile", async () => {
    serve([task('a', 'Open task', 'open', 0), { ...task('b', 'Hired task', 'assigned', 1), expert_id: 'e-7' }]);
    renderPage();
    const link = await screen.findByRole('link', { name: "View the assigned expert's profile" });
    expect(link).toHaveAttribute('href', '/expert/e-7');
    expect(screen.getAllByRole('link', { name: "View the assigned expert's profile" })).toHaveLength(1);
  });

  it('shows the empty state with a way to create the first task', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create Task' })).toHaveLength(2);
  });
});
