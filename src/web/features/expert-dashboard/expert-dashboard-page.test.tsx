// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '@web/test/render-route';
import { createMyExpertProfile, createTaskListItem } from '@web/test/builders';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import type { TaskListItemDto } from '@shared/schemas/task-api';
import ExpertDashboardPage from './expert-dashboard-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const LOCATION_TEXT = 'Could not access your location. Distance filtering may not work correctly.';

function expertOf(overrides: Partial<MyExpertProfileDto> = {}): MyExpertProfileDto {
  return createMyExpertProfile({
    id: 'e1',
    profile_id: 'e1',
    location: 'Brooklyn, New York',
    latitude: 40.65,
    longitude: -73.95,
    document_path: null,
    ...overrides,
  });
}

function taskOf(index: number): TaskListItemDto {
  return createTaskListItem({
    id: `t${index}`,
    title: `Task number ${index}`,
    budget: 5_000 + index,
    distance_miles: 2.345,
  });
}

let expert: MyExpertProfileDto | null;
let listUrls: string[];
let alertsEnabled = true;
const TOTAL = 60;
/** The server's cap on the available list's count (OPEN_TASKS_TOTAL_CAP), for the "many tasks" case. */
const CAP = 1_000;

/** `matching` open tasks; past the cap the server answers a capped total (offset + cap, totalIsCapped). */
function serve(matching = TOTAL) {
  listUrls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/experts/me') return json({ expert });
      if (url.pathname === '/api/task-alert-settings')
        return json({ enabled: alertsEnabled, radius_miles: 100, categories: [], min_budget: 0, has_location: true, hourly_cap: 5 });
      if (url.pathname === '/api/tasks') {
        listUrls.push(url.search);
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('pageSize'));
        const from = (page - 1) * size;
        const applied = url.searchParams.get('scope') === 'applied';
        const tasks = Array.from({ length: Math.max(0, Math.min(size, matching - from)) }, (_, i) =>
          applied ? { ...taskOf(from + i + 1), client_rating: { avg_rating: 4.25, review_count: 3 } } : taskOf(from + i + 1),
        );
        const totalIsCapped = matching > from + CAP;
        return json({ tasks, total: totalIsCapped ? from + CAP : matching, totalIsCapped, page, pageSize: size });
      }
      return new Response('{}', { status: 404 });
    }),
  );
}

function renderPage() {
  renderRoute('/dashboard', <ExpertDashboardPage />, '/dashboard');
}

beforeEach(() => {
  expert = expertOf();
  alertsEnabled = true;
  serve();
  vi.mocked(toast.warning).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExpertDashboardPage', () => {
  it('says when task alerts are off, with a link to turn them on (issue 52)', async () => {
    alertsEnabled = false;
    renderPage();
    expect(await screen.findByText(messages.reach.alertsOffNote)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.reach.alertsTurnOnLink })).toHaveAttribute('href', '/profile?tab=notifications');
  });

  it('says nothing about alerts while they are on', async () => {
    renderPage();
    expect(await screen.findByText('Task number 1')).toBeInTheDocument();
    expect(screen.queryByTestId('task-alerts-off')).not.toBeInTheDocument();
  });

  it('lists open tasks around the profile location with distances, 50 at a time with Load more', async () => {
    renderPage();
    expect(await screen.findByText('Task number 1')).toBeInTheDocument();
    expect(listUrls[0]).toContain('scope=available');
    expect(listUrls[0]).toContain('latitude=40.65');
    expect(listUrls[0]).toContain('pageSize=50');
    expect(screen.getAllByTestId('task-list-item')).toHaveLength(50);
    expect(screen.getAllByText(/2\.3 mi away/).length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 50 of 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Task number 60')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('not-payable-banner')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your public profile' })).toHaveAttribute('href', `/expert/${expert!.id}`);
  });

  it('shows a capped total as "1,000+" and still loads more past it', async () => {
    serve(5_000);
    renderPage();
    expect(await screen.findByText('Task number 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 50 of 1,000+')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Task number 100')).toBeInTheDocument();
    expect(screen.getByText('Showing 100 of 1,050+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it("shows each client's rating on the applications tab", async () => {
    renderPage();
    expect(await screen.findByText('Task number 1')).toBeInTheDocument();
    expect(screen.queryByTestId('client-rating')).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('tab', { name: messages.taskPages.dashboards.myApplications }));
    await waitFor(() => expect(listUrls.some((search) => search.includes('scope=applied'))).toBe(true));
    const ratings = await screen.findAllByTestId('client-rating');
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings[0]).toHaveTextContent('Client rating: 4.3 (3 reviews)');
  });

  it('falls back to the browser position and warns when it is refused', async () => {
    expert = expertOf({ latitude: null, longitude: null, location: null });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1 } as GeolocationPositionError),
      },
    });
    renderPage();
    expect(await screen.findByText(LOCATION_TEXT)).toBeInTheDocument();
    expect(toast.warning).toHaveBeenCalledWith(LOCATION_TEXT);
    await waitFor(() => expect(listUrls.length).toBeGreaterThan(0));
    expect(listUrls[0]).not.toContain('latitude');
  });

  it('uses the browser position when the profile has none', async () => {
    expert = expertOf({ latitude: null, longitude: null, location: null });
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 30.25, longitude: -97.75 } } as GeolocationPosition),
      },
    });
    renderPage();
    expect(await screen.findByText('Open tasks near your current location')).toBeInTheDocument();
    await waitFor(() => expect(listUrls[0]).toContain('latitude=30.25'));
  });

  it('points an expert who cannot be paid to the payment setup', async () => {
    expert = expertOf({
      is_verified: false,
      stripe_onboarding_completed: false,
      stripe_account_status: 'pending',
    });
    renderPage();
    const banner = await screen.findByTestId('not-payable-banner');
    expect(banner).toHaveTextContent('Complete your payment setup to receive payments for tasks.');
    expect(screen.getByRole('link', { name: 'Set up payments' })).toHaveAttribute(
      'href',
      '/profile?tab=payments',
    );
  });

  it('points an expert without an application to the verification page', async () => {
    expert = null;
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    renderPage();
    await screen.findByTestId('not-payable-banner');
    expect(screen.getByRole('link', { name: 'Complete application' })).toHaveAttribute(
      'href',
      '/expert-verification',
    );
  });
});
