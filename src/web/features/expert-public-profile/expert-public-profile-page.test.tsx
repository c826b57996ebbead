// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { BRAND_NAME } from '@shared/brand';
import { pageStructureProblems } from '@web/test/page-structure';
import { renderRoute } from '@web/test/render-route';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExpertPublicProfileDto, ExpertReviewDto } from '@shared/schemas/expert-public.schemas';
import ExpertPublicProfilePage from './expert-public-profile-page';
import { pageWindow } from './pagination';

const EXPERT: ExpertPublicProfileDto = {
  id: 'e-1',
  first_name: 'Sam',
  last_name: 'Smith',
  avatar_url: null,
  member_since: '2026-01-15T10:00:00.000Z',
  location: 'Brooklyn, New York',
  bio: 'New Expert',
  expertise: [],
  completed_tasks: 12,
  avg_rating: 4.5,
  review_count: 7,
  positive_review_count: 6,
  avg_response_time_mins: 95,
  success_rate: 92.3,
  completed_as_agreed: { percent: 96, of: 50 },
  badges: [{ level: 'community_trust', name: 'Community Trusted', verified: true, description: '5+ completed tasks with 4.0+ average rating' }],
};
const review = (n: number): ExpertReviewDto => ({
  id: `r-${n}`,
  rating: 5,
  comment: `Comment ${n}`,
  created_at: '2026-03-04T12:00:00.000Z',
  task_id: `t-${n}`,
  task_title: `Task ${n}`,
  reviewer: { first_name: n === 1 ? null : 'Casey', avatar_url: null },
});

let found: boolean;
const reviewPages: string[] = [];

beforeEach(() => {
  found = true;
  reviewPages.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/experts/e-1/public') {
        return found ? json({ expert: EXPERT }) : json({ error: { code: 'not_found', message: 'Expert Not Found' } }, 404);
      }
      if (url.pathname === '/api/experts/e-1/reviews') {
        const page = Number(url.searchParams.get('page'));
        reviewPages.push(`${page}/${url.searchParams.get('pageSize')}`);
        const all = [1, 2, 3, 4, 5, 6, 7].map(review);
        return json({ reviews: all.slice((page - 1) * 3, page * 3), page, pageSize: 3, total: 7, pageCount: 3 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  renderRoute('/expert/:expertId', <ExpertPublicProfilePage />, '/expert/e-1');
}

describe('ExpertPublicProfilePage', () => {
  it('shows the header, the figures and the About tab with its empty texts', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sam Smith' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Expert Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Member since January 2026')).toBeInTheDocument();
    expect(screen.getByTestId('completed-tasks')).toHaveTextContent('12 tasks completed');
    expect(screen.getByRole('img', { name: '4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('No expertise listed')).toBeInTheDocument();
    expect(screen.getByText("This expert hasn't added a bio yet.")).toBeInTheDocument();
    expect(screen.getByTestId('response-time')).toHaveTextContent('2 hours');
    expect(screen.getByTestId('success-rate')).toHaveTextContent('92.3%');
    expect(screen.getByTestId('completed-as-agreed')).toHaveTextContent('Completed as agreed: 96% of the last 50 tasks');
    expect(screen.getAllByText('Community Trusted').length).toBeGreaterThan(0);
  });

  it('has the site header, one main landmark and headings in order (issue 25)', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sam Smith' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: BRAND_NAME })).toHaveAttribute('href', '/');
    expect(pageStructureProblems()).toEqual([]);
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByRole('heading', { name: 'Client Reviews (7)' })).toBeInTheDocument();
    expect(pageStructureProblems()).toEqual([]);
  });

  it('pages the reviews three at a time with Previous and Next', async () => {
    renderPage();
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByRole('heading', { name: 'Client Reviews (7)' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('review-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText('User')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Mar 4, 2026')).toBeInTheDocument();
    expect(within(cards[0]).getByText('For task: Task 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('For task: Task 4')).toBeInTheDocument();
    expect(reviewPages).toEqual(['1/3', '2/3']);
  });

  it('shows Expert Not Found with a way back to the dashboard', async () => {
    found = false;
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Expert Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The expert profile you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('pageWindow', () => {
  it('shows at most 5 page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});
