// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@web/test/render-route';
import { AgreedVisitLine } from './agreed-visit-line';
import { UpcomingVisits } from './upcoming-visits';

const VISIT = {
  task_id: 't1',
  title: 'Look at a 2014 Civic',
  location: 'Chicago, IL',
  time_zone: 'America/Chicago',
  window: {
    start: '2026-12-09T22:00:00.000Z',
    end: '2026-12-09T23:00:00.000Z',
    label: 'Wed 9 Dec, 4:00-5:00 pm CST',
  },
  role: 'expert',
  onsite_contact: { name: 'Sam Seller', email: null, phone: '+1 312 555 0100' },
};

function serve(visits: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ visits }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UpcomingVisits', () => {
  it("lists the visit in the task's zone with its address, and the person on site for the expert", async () => {
    serve([VISIT]);
    renderRoute('/', <UpcomingVisits showContact />, '/');
    expect(await screen.findByRole('heading', { name: 'Upcoming visits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Look at a 2014 Civic' })).toHaveAttribute('href', '/task/t1');
    expect(screen.getByText('Wed 9 Dec, 4:00-5:00 pm CST')).toBeInTheDocument();
    expect(screen.getByText('Chicago, IL')).toBeInTheDocument();
    expect(screen.getByText('On site: Sam Seller, +1 312 555 0100')).toBeInTheDocument();
  });

  it('keeps its footer (the calendar link) without a visit', async () => {
    serve([]);
    renderRoute('/', <UpcomingVisits footer={<p>Footer</p>} />, '/');
    expect(await screen.findByText('No visits planned yet.')).toBeInTheDocument();
    expect(screen.getByText('Footer')).toBeInTheDocument();
  });

  it('shows nothing without a visit', async () => {
    serve([]);
    renderRoute('/', <UpcomingVisits />, '/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('upcoming-visits')).toBeNull();
  });
});

describe('AgreedVisitLine', () => {
  it('names the agreed visit in the chat header, and nothing without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ appointment: { time_zone: 'America/Chicago', agreed: VISIT.window } }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    renderRoute('/', <AgreedVisitLine taskId="t1" />, '/');
    expect(await screen.findByTestId('chat-visit')).toHaveTextContent(
      'Agreed visit: Wed 9 Dec, 4:00-5:00 pm CST',
    );
  });
});
