import { BRAND_NAME } from '@shared/brand';
// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@web/test/render-route';
import OnsitePage from './onsite-page';

const VIEW = {
  contact_name: 'Sam Seller',
  address: '1200 W Fulton Market, Chicago, IL',
  time_zone: 'America/Chicago',
  window: {
    start: '2026-12-09T22:00:00.000Z',
    end: '2026-12-09T23:00:00.000Z',
    label: 'Wed 9 Dec, 4:00-5:00 pm CST',
  },
  expert_first_name: 'Erin',
  expert_avatar_url: null,
  confirmed: false,
};

function serve(get: { status: number; body: unknown }) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        posts.push(String(input));
        return json(200, {
          view: { ...VIEW, confirmed: true },
          message: 'Thank you, the visit is confirmed.',
        });
      }
      return json(get.status, get.body);
    }),
  );
  return posts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OnsitePage', () => {
  it('shows the address, the window and the expert, and confirms', async () => {
    const posts = serve({ status: 200, body: { view: VIEW } });
    renderRoute('/onsite/:token', <OnsitePage />, '/onsite/abc');
    expect(await screen.findByTestId('onsite-address')).toHaveTextContent(VIEW.address);
    expect(screen.getByTestId('onsite-window')).toHaveTextContent('Wed 9 Dec, 4:00-5:00 pm CST');
    expect(screen.getByText('Erin')).toBeInTheDocument();
    // A stranger opening the link from an email sees who sent it, linked home.
    expect(screen.getByRole('link', { name: new RegExp(BRAND_NAME) })).toHaveAttribute('href', '/');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm this time' }));
    expect(await screen.findByText('Thank you, the visit is confirmed.')).toBeInTheDocument();
    expect(posts).toEqual(['/api/onsite/abc/confirm']);
    expect(screen.queryByRole('button', { name: 'Confirm this time' })).toBeNull();
  });

  it('says so when the link is not valid', async () => {
    serve({
      status: 404,
      body: { error: { code: 'not_found', message: 'This link is not valid. Ask for a new one.' } },
    });
    renderRoute('/onsite/:token', <OnsitePage />, '/onsite/changed');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid. Ask for a new one.');
  });
});
