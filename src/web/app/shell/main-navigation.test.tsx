// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BottomNavigation, TopNavigation } from './main-navigation';

afterEach(cleanup);

function renderNavigation(url: string, isExpert: boolean) {
  const element = (
    <>
      <TopNavigation isExpert={isExpert} />
      <BottomNavigation isExpert={isExpert} />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return {
    top: screen.getByTestId('top-navigation'),
    bottom: screen.getByTestId('bottom-navigation'),
  };
}

const current = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('main navigation: the current page', () => {
  it('marks "Available Tasks" on the expert task search, in the top bar and the bottom tabs', () => {
    const { top, bottom } = renderNavigation('/find-tasks?miles=25', true);
    expect(current(top)).toEqual(['Available Tasks']);
    expect(current(bottom)).toEqual(['Available Tasks']);
    // The same active style as any other current item.
    expect(within(top).getByRole('link', { name: 'Available Tasks' })).toHaveClass('bg-secondary');
    expect(within(bottom).getByRole('link', { name: 'Available Tasks' })).toHaveClass('text-primary');
  });

  it('keeps "Available Tasks" to /dashboard exactly, so Messages alone is current under it', () => {
    const { top } = renderNavigation('/dashboard/messages', true);
    expect(current(top)).toEqual(['Messages']);
  });

  it('marks the dashboard, the messages alias and the profile', () => {
    expect(current(renderNavigation('/dashboard', true).top)).toEqual(['Available Tasks']);
    cleanup();
    expect(current(renderNavigation('/messages', false).bottom)).toEqual(['Messages']);
    cleanup();
    expect(current(renderNavigation('/profile', false).top)).toEqual(['Profile']);
  });

  it('marks "Find an expert" for a client, and nothing on pages outside the navigation', () => {
    expect(current(renderNavigation('/find-experts', false).top)).toEqual(['Find an expert']);
    cleanup();
    expect(current(renderNavigation('/task/t-1', true).top)).toEqual([]);
  });
});
