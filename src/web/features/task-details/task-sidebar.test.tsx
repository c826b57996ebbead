// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { renderRoute } from '@web/test/render-route';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { TaskDetailsDto, TaskExpertDto } from '@shared/schemas/task-api';
import TaskDetailsPage from './task-details-page';

const taskSidebarText = messages.taskSidebar;
const detailsText = messages.taskPages.details;

const person = (id: string, first: string, created = '2024-02-10T12:00:00.000Z') => ({
  id,
  first_name: first,
  last_name: 'Surname',
  avatar_url: null,
  created_at: created,
});

const EXPERT: TaskExpertDto = {
  id: 'expert-1',
  bio: 'Home inspector with ten years of practice.',
  expertise: ['Roofs'],
  location: 'Brooklyn',
  avg_rating: null,
  avg_response_time_mins: null,
  success_rate: null,
  verification_status: 'verified',
  stripe_onboarding_completed: true,
  stripe_account_status: 'active',
  community_trusted: false,
  background_verified: false,
  created_at: '2025-01-01T00:00:00.000Z',
  profile: person('expert-1', 'Erin'),
};

function taskOf(overrides: Partial<TaskDetailsDto>): TaskDetailsDto {
  return {
    id: 'task-1',
    title: 'Check the roof',
    description: 'Photos of every side of the roof.',
    requirements: '',
    category: 'property',
    urgency: 'medium',
    budget: 15_000,
    due_date: null,
    location: 'Brooklyn, NY',
    latitude: 40.7,
    longitude: -73.9,
    time_zone: 'America/New_York',
    status: 'open',
    payment_status: 'unpaid',
    client_id: 'client-1',
    expert_id: null,
    stripe_payment_intent_id: null,
    authorization_hold_expires_at: null,
    client_capture_authorized_at: null,
    completion_notes: null,
    evidence_file_count: 0,
    submitted_at: null,
    started_at: null,
    assigned_at: null,
    published_at: '2026-03-01T00:00:00.000Z',
    completed_at: null,
    cancelled_at: null,
    created_at: '2026-03-01T00:00:00.000Z',
    updated_at: '2026-03-01T00:00:00.000Z',
    client: person('client-1', 'Casey'),
    client_tasks_posted: 7,
    expert: null,
    applications: [],
    reviews: [],
    transactions: [],
    budget_figure: 15_000,
    capabilities: ['view'],
    ...overrides,
  };
}

function meAs(id: string, isExpert: boolean) {
  return {
    user: { id, email: `${id}@example.com` },
    profile: {
      ...person(id, 'Me'),
      email: `${id}@example.com`,
      onboarding_completed: true,
      role_selected_at: 'x',
      updated_at: 'x',
    },
    roles: { isAdmin: false, isExpert },
    session: { expiresAt: '2099-01-01T00:00:00.000Z' },
  };
}

function renderTask(task: TaskDetailsDto, me: ReturnType<typeof meAs>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/me') return json(200, me);
      if (url.startsWith('/api/tasks/task-1')) return json(200, { task });
      return json(404, {});
    }),
  );
  renderRoute('/task/:taskId', <TaskDetailsPage />, '/task/task-1');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the task page for the assigned expert', () => {
  const assigned = taskOf({
    status: 'assigned',
    expert_id: 'expert-1',
    expert: EXPERT,
    assigned_at: '2026-03-02T00:00:00.000Z',
    capabilities: ['view', 'decline'],
  });

  it('shows the client (first name, member since, tasks posted) instead of an "Assigned Expert" card', async () => {
    renderTask(assigned, meAs('expert-1', true));
    const card = await screen.findByTestId('client-card');
    expect(within(card).getByRole('heading', { name: taskSidebarText.clientTitle })).toBeInTheDocument();
    expect(within(card).getByText('Casey')).toBeInTheDocument();
    expect(within(card).queryByText(/Surname/)).not.toBeInTheDocument();
    expect(within(card).getByText('February 2024')).toBeInTheDocument();
    expect(within(card).getByText('7')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: detailsText.expertTitle })).not.toBeInTheDocument();
  });

  it('disables Accept Assignment until the payment is authorized, and says why', async () => {
    renderTask(assigned, meAs('expert-1', true));
    const accept = await screen.findByRole('button', { name: detailsText.accept });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription(detailsText.waitingForPayment);
  });

  it('enables Accept Assignment once the payment is authorized', async () => {
    renderTask(
      { ...assigned, payment_status: 'authorized', capabilities: ['view', 'accept', 'decline'] },
      meAs('expert-1', true),
    );
    expect(await screen.findByRole('button', { name: detailsText.accept })).toBeEnabled();
    expect(screen.queryByText(detailsText.waitingForPayment)).not.toBeInTheDocument();
  });
});

describe('the right column of an open task', () => {
  it('gives the owner a summary of the applications and the Next Steps hint', async () => {
    const application = (id: string, rate: number, status: 'pending' | 'rejected') => ({
      id,
      task_id: 'task-1',
      expert_id: `expert-${id}`,
      status,
      proposed_rate: rate,
      notes: 'I can do it today.',
      created_at: '2026-03-01T00:00:00.000Z',
      expert: { ...EXPERT, id: `expert-${id}`, profile: person(`expert-${id}`, `Expert ${id}`) },
    });
    renderTask(
      taskOf({
        applications: [
          application('a', 12_000, 'pending'),
          application('b', 9_000, 'pending'),
          application('c', 20_000, 'rejected'),
        ],
        capabilities: ['view', 'view_applicants', 'edit', 'cancel'],
      }),
      meAs('client-1', false),
    );
    const summary = await screen.findByTestId('applications-summary');
    expect(within(summary).getByText(taskSidebarText.applicationsReceived).nextSibling).toHaveTextContent('3');
    expect(within(summary).getByText(taskSidebarText.pendingReview).nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('$90.00 – $200.00')).toBeInTheDocument();
    expect(screen.getByText(taskSidebarText.ownerOpenHint)).toBeInTheDocument();
  });

  it('gives an expert who has not applied the Next Steps hint', async () => {
    renderTask(taskOf({ capabilities: ['view', 'apply'] }), meAs('expert-9', true));
    expect(await screen.findByText(taskSidebarText.expertOpenHint)).toBeInTheDocument();
    expect(screen.queryByTestId('applications-summary')).not.toBeInTheDocument();
  });
});
