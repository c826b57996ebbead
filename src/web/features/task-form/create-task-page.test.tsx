// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { saveQuickTaskDraft } from '@web/lib/quick-task-draft';
import CreateTaskPage from './create-task-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[];
let createResponse: () => { status: number; body: unknown };

function serve() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST' && url === '/api/tasks') {
        const { status, body } = createResponse();
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response(JSON.stringify({ results: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

let router: ReturnType<typeof createMemoryRouter>;
let entries = 0;
function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  router = createMemoryRouter(
    [
      { path: '/dashboard/create-task', element: <CreateTaskPage /> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
    ],
    // A fresh history entry per render, as every navigation in the browser is.
    { initialEntries: [{ pathname: '/dashboard/create-task', key: `entry-${(entries += 1)}` }] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Task' }));
const posts = () => calls.filter((call) => call.method === 'POST' && call.url === '/api/tasks');

/** Chooses one of the picker's popular cities. */
function pickPlace(name: string) {
  fireEvent.focus(screen.getByRole('combobox', { name: /^Service Location/ }));
  fireEvent.click(screen.getByRole('option', { name: new RegExp(`^${name}`) }));
}

function fillValid(
  description = 'Please photograph the roof and document any damage.',
  title = 'Roof inspection',
) {
  pickPlace('New York');
  type('Title', title);
  type('Description', description);
  type('Requirements', 'Ten photos of every side of the roof.');
}

beforeEach(() => {
  localStorage.clear();
  createResponse = () => ({ status: 201, body: { task: { id: 'task-1' }, warnings: [] } });
  serve();
  Object.values(toast).forEach((fn) => vi.mocked(fn).mockClear());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CreateTaskPage', () => {
  it('starts from the defaults: budget 100, due in 7 days, no place chosen, fields in the spec order', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'New Task' })).toBeInTheDocument();
    expect(field('Budget').value).toBe('100');
    const due = new Date();
    due.setDate(due.getDate() + 7);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(field('Due Date').value).toBe(
      `${due.getFullYear()}-${pad(due.getMonth() + 1)}-${pad(due.getDate())}`,
    );
    // No silent New York (issue 52): the field is empty until the client chooses a place.
    expect(screen.queryByTestId('location-picker-value')).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Service Location/ })).toHaveValue('');
    const labels = Array.from(document.querySelectorAll('form label')).map((label) =>
      label.textContent?.replace('*', '').trim(),
    );
    expect(
      labels.filter((text) =>
        [
          'Title',
          'Description',
          'Service Location',
          'Due Date',
          'Category',
          'Urgency',
          'Requirements',
          'Budget (USD)',
        ].includes(text ?? ''),
      ),
    ).toEqual([
      'Title',
      'Description',
      'Service Location',
      'Due Date',
      'Category',
      'Urgency',
      'Requirements',
      'Budget (USD)',
    ]);
    expect(screen.queryByText(messages.tasks.prefilledNotice)).not.toBeInTheDocument();
  });

  it('shows every validation text and sends nothing', async () => {
    renderPage();
    type('Budget', '');
    type('Due Date', '');
    submit();
    expect(await screen.findByText('Title must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Description must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Requirements must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Budget is required')).toBeInTheDocument();
    expect(screen.getByText('Due date is required')).toBeInTheDocument();
    type('Budget', '-5');
    submit();
    expect(await screen.findByText('Budget must be a valid positive number')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('asks for a place instead of posting the task in New York (issue 52)', async () => {
    renderPage();
    type('Title', 'Roof inspection');
    type('Description', 'Please photograph the roof and document any damage.');
    type('Requirements', 'Ten photos of every side of the roof.');
    submit();
    expect(await screen.findByText(messages.tasks.selectLocation)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
    pickPlace('Chicago');
    submit();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ latitude: 41.85003, longitude: -87.65005 });
  });

  it('blocks in-person requests with the content-check error', async () => {
    renderPage();
    fillValid('Please visit my house and meet me at the door.');
    submit();
    expect(await screen.findByTestId('content-errors')).toHaveTextContent(
      'Task appears to request in-person services',
    );
    expect(posts()).toHaveLength(0);
  });

  it('shows the clarify warning but creates the task, in cents, then goes to the dashboard', async () => {
    renderPage();
    // No remote keyword in the title or the description.
    fillValid('My grandmother lives there and I worry about the garden.', 'Garden worries');
    type('Budget', '125');
    submit();
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(toast.warning).toHaveBeenCalledWith(messages.tasks.clarifyRemote);
    expect(posts()[0]!.body).toMatchObject({
      title: 'Garden worries',
      budget: 12_500,
      category: 'general',
      urgency: 'low',
      latitude: 40.7128,
      longitude: -74.006,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.tasks.created));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it("shows the server's warnings too", async () => {
    createResponse = () => ({
      status: 201,
      body: { task: { id: 'task-1' }, warnings: ['A warning from the server'] },
    });
    renderPage();
    fillValid();
    submit();
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('A warning from the server'));
  });

  it('shows the proximity refusal beside the location and stays on the form', async () => {
    createResponse = () => ({
      status: 400,
      body: { error: { code: 'no_experts_nearby', message: messages.tasks.noExpertsNearby } },
    });
    renderPage();
    fillValid();
    submit();
    expect(await screen.findByTestId('location-refused')).toHaveTextContent(messages.tasks.noExpertsNearby);
    expect(screen.getByRole('button', { name: 'Create Task' })).toBeEnabled();
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
  });

  it('shows "Creating..." while the task is being saved', async () => {
    let release: () => void = () => {};
    createResponse = () => ({ status: 201, body: { task: { id: 'task-1' }, warnings: [] } });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = () =>
              resolve(
                new Response(JSON.stringify({ task: { id: 't' }, warnings: [] }), {
                  status: 201,
                  headers: { 'content-type': 'application/json' },
                }),
              );
          }),
      ),
    );
    renderPage();
    fillValid();
    submit();
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('pre-fills once from the quick-task draft with the notice, and removes the draft', () => {
    saveQuickTaskDraft({
      title: 'Check my car',
      description: 'Photograph the dents',
      location: 'Austin, Texas',
      latitude: 30.2672,
      longitude: -97.7431,
    });
    renderPage();
    expect(screen.getByText(messages.tasks.prefilledNotice)).toBeInTheDocument();
    expect(field('Title').value).toBe('Check my car');
    expect(field('Description').value).toBe('Photograph the dents');
    expect(screen.getByTestId('location-picker-value')).toHaveTextContent('30.26720, -97.74310');
    expect(localStorage.getItem('quick-task-draft')).toBeNull();

    cleanup();
    renderPage();
    expect(screen.queryByText(messages.tasks.prefilledNotice)).not.toBeInTheDocument();
    expect(field('Title').value).toBe('');
  });
});
