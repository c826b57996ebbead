// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useNavigate } from './navigation';

const seen = new Set<unknown>();
let navigateNow: ReturnType<typeof useNavigate> = () => undefined;

function Probe() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    seen.add(navigate);
    navigateNow = navigate;
  });
  return <p>at {pathname}</p>;
}

describe('useNavigate (stable)', () => {
  it('keeps one function across location changes and navigates from the current location', async () => {
    render(
      <MemoryRouter initialEntries={['/tasks/1']}>
        <Routes>
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('at /tasks/1')).toBeInTheDocument();
    await act(async () => navigateNow('/tasks/2'));
    expect(screen.getByText('at /tasks/2')).toBeInTheDocument();
    // A relative path resolves against the location the navigation happens from, not the first one.
    await act(async () => navigateNow('edit', { relative: 'path' }));
    expect(screen.getByText('at /tasks/2/edit')).toBeInTheDocument();
    await act(async () => navigateNow(-1));
    expect(screen.getByText('at /tasks/2')).toBeInTheDocument();
    expect(seen.size).toBe(1);
  });
});
