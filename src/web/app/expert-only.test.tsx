// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ExpertOnly } from './guards';

const me = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('@web/lib/session', () => ({ useMe: () => me.current }));

const renderAt = () =>
  render(
    <MemoryRouter initialEntries={['/earnings']}>
      <Routes>
        <Route
          path="/earnings"
          element={
            <ExpertOnly>
              <p>earnings content</p>
            </ExpertOnly>
          }
        />
        <Route path="/dashboard" element={<p>dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );

/** Issue 51: /earnings is an expert's page; anyone else lands on their dashboard. */
describe('ExpertOnly', () => {
  it('shows the page to an expert', () => {
    me.current = { data: { roles: { isExpert: true, isAdmin: false } } };
    renderAt();
    expect(screen.getByText('earnings content')).toBeInTheDocument();
  });

  it('sends a client to the dashboard', () => {
    me.current = { data: { roles: { isExpert: false, isAdmin: false } } };
    renderAt();
    expect(screen.getByText('dashboard')).toBeInTheDocument();
    expect(screen.queryByText('earnings content')).not.toBeInTheDocument();
  });
});
