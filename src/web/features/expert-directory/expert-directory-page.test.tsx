// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryExpertDto } from '@shared/schemas/directory.schemas';
import type { InvitationOptionsResponse } from '@shared/schemas/invitations.schemas';
import { renderRoute } from '@web/test/render-route';
import ExpertDirectoryPage from './expert-directory-page';

const EXPERT: DirectoryExpertDto = {
  id: 'e-1',
  first_name: 'Sam',
  avatar_url: null,
  location: 'Brooklyn, New York',
  expertise: ['Photography'],
  avg_rating: 4.6,
  review_count: 9,
  avg_response_time_mins: 45,
  badges: [],
  distance_miles: 3.4,
  accepts_invitations: true,
};
const OFF: DirectoryExpertDto = { ...EXPERT, id: 'e-2', first_name: 'Ola', accepts_invitations: false };
const ME = {
  user: { id: 'c-1', email: 'c@example.com' },
  profile: { id: 'c-1', first_name: 'Clara' },
  roles: { isAdmin: false, isExpert: false },
  session: { expiresAt: '2030-01-01T00:00:00Z' },
};
const OPTIONS: InvitationOptionsResponse = {
  accepts_invitations: true,
  remaining_today: 19,
  tasks: [
    { id: 't-1', title: 'Photograph the flat', invited: true, applied: false, full: false },
    { id: 't-2', title: 'Check the car', invited: false, applied: false, full: false },
  ],
};

let options: InvitationOptionsResponse;
let found: DirectoryExpertDto[];
let searches: URLSearchParams[];
let total: number;
let invitations: { path: string; body: unknown }[];

beforeEach(() => {
  searches = [];
  total = 12;
  invitations = [];
  options = OPTIONS;
  found = [EXPERT, OFF];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/me') return json(ME);
      if (url.pathname === '/api/search/experts') {
        searches.push(url.searchParams);
        return json({ experts: found, total, page: Number(url.searchParams.get('page')), pageSize: 10, radius_miles: 100 });
      }
      if (url.pathname === '/api/experts/e-1/invitation-options') return json(options);
      if (url.pathname === '/api/tasks/t-2/invitations' && init?.method === 'POST') {
        invitations.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return json({ invitation: { id: 'i-1' } }, 201);
      }
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Find an expert', () => {
  it('asks for a place before searching', async () => {
    renderRoute('/find-experts', <ExpertDirectoryPage />, '/find-experts');
    expect(await screen.findByText('Choose a place to see the experts near it.')).toBeInTheDocument();
    expect(searches).toHaveLength(0);
  });

  it('sends the filters kept in the address, and shows paged cards linking to the profile', async () => {
    const { router } = renderRoute(
      '/find-experts',
      <ExpertDirectoryPage />,
      '/find-experts?lat=40.7&lng=-74&near=Brooklyn&miles=25&expertise=Photography&rating=4&badge=community_trust&response=60&sort=rating&page=2',
    );
    const cards = await screen.findAllByTestId('directory-card');
    expect(cards).toHaveLength(2);
    expect(Object.fromEntries(searches[0])).toEqual({
      latitude: '40.7',
      longitude: '-74',
      radius_miles: '25',
      sort: 'rating',
      page: '2',
      expertise: 'Photography',
      min_rating: '4',
      badge: 'community_trust',
      max_response_mins: '60',
    });
    expect(screen.getByTestId('directory-count')).toHaveTextContent('12 experts within 25 miles · Near Brooklyn');
    expect(within(cards[0]).getByRole('link', { name: 'Sam' })).toHaveAttribute('href', '/expert/e-1');
    expect(within(cards[0]).getByText('3.4 mi away', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    // The form shows the restored filters.
    expect(screen.getByLabelText('Sort by')).toHaveValue('rating');
    expect(screen.getByLabelText('Minimum rating')).toHaveValue('4');
    // Previous goes to page 1, which drops the page from the address.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('page='));
  });

  it('pads a card evenly: the card alone gives the space above and below its content', async () => {
    renderRoute('/find-experts', <ExpertDirectoryPage />, '/find-experts?lat=40.7&lng=-74&near=Brooklyn');
    const [card] = await screen.findAllByTestId('directory-card');
    expect(card).toHaveClass('py-6');
    const content = card.querySelector('[data-slot="card-content"]');
    expect(content).not.toBeNull();
    expect(content?.className).not.toMatch(/(^|\s)(sm:|md:)?(p|pt|pb|py)-\d/);
  });

  it('shows no pager when every expert found is on one page', async () => {
    total = 2;
    renderRoute('/find-experts', <ExpertDirectoryPage />, '/find-experts?lat=40.7&lng=-74&near=Brooklyn');
    await screen.findAllByTestId('directory-card');
    expect(screen.getByTestId('directory-count')).toHaveTextContent('2 experts within');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.queryByText('Page 1 of 1')).not.toBeInTheDocument();
  });

  it('writes a new filter to the address on Search', async () => {
    const { router } = renderRoute('/find-experts', <ExpertDirectoryPage />, '/find-experts?lat=40.7&lng=-74&near=Brooklyn');
    await screen.findAllByTestId('directory-card');
    fireEvent.change(screen.getByLabelText('Badge'), { target: { value: 'background_check' } });
    fireEvent.change(screen.getByLabelText('Response time'), { target: { value: '240' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toContain('badge=background_check'));
    expect(router.state.location.search).toContain('response=240');
    await waitFor(() => expect(searches.at(-1)?.get('max_response_mins')).toBe('240'));
  });

  it('invites an expert to an open task not yet invited, and says when an expert takes no invitations', async () => {
    renderRoute('/find-experts', <ExpertDirectoryPage />, '/find-experts?lat=40.7&lng=-74');
    const cards = await screen.findAllByTestId('directory-card');
    expect(await within(cards[1]).findByRole('button', { name: 'Not taking invitations' })).toBeDisabled();
    fireEvent.click(await within(cards[0]).findByRole('button', { name: 'Invite to a task' }));
    const picker = await screen.findByLabelText('Your open task');
    // The task that already invited Sam is shown but cannot be chosen; the other one is preselected.
    expect(within(picker).getByRole('option', { name: 'Photograph the flat (invited)' })).toBeDisabled();
    expect(picker).toHaveValue('t-2');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invitations).toEqual([{ path: '/api/tasks/t-2/invitations', body: { expert_id: 'e-1' } }]));
  });

  it('says why nothing can be sent when every open task already has the expert or is full (issue 52)', async () => {
    options = {
      ...OPTIONS,
      tasks: [
        { id: 't-1', title: 'Photograph the flat', invited: true, applied: false, full: false },
        { id: 't-3', title: 'Measure the yard', invited: false, applied: false, full: true },
      ],
    };
    renderRoute('/find-experts', <ExpertDirectoryPage />, '/find-experts?lat=40.7&lng=-74');
    const cards = await screen.findAllByTestId('directory-card');
    fireEvent.click(await within(cards[0]).findByRole('button', { name: 'Invite to a task' }));
    const picker = await screen.findByLabelText('Your open task');
    expect(within(picker).getByRole('option', { name: 'Measure the yard (invitation limit reached)' })).toBeDisabled();
    const why = screen.getByRole('status');
    expect(why).toHaveTextContent('Sam is already invited to or has applied to each of your open tasks');
    expect(within(why).getByRole('link', { name: 'Post a task' })).toHaveAttribute('href', '/dashboard/create-task');
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
  });

  it('says where the waitlist is when no expert serves the place (issue 52)', async () => {
    found = [];
    total = 0;
    renderRoute('/find-experts', <ExpertDirectoryPage />, '/find-experts?lat=40.7&lng=-74');
    expect(await screen.findByText(/No expert matches these filters here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my waitlist' })).toHaveAttribute('href', '/waitlist');
  });
});
