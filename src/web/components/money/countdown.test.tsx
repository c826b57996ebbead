// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Countdown, formatRemaining } from './countdown';

describe('formatRemaining', () => {
  it.each([
    [30_000, 'less than a minute'],
    [12 * 60_000, '12m'],
    [(5 * 60 + 12) * 60_000, '5h 12m'],
    [(2 * 24 + 3) * 3_600_000 + 5 * 60_000, '2d 3h'],
  ])('%d ms -> %s', (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });
});

describe('Countdown', () => {
  it('counts down to a future deadline, and says when it passed', () => {
    const soon = new Date(Date.now() + 3 * 3_600_000 + 30 * 60_000).toISOString();
    const { unmount } = render(<Countdown deadline={soon} template="Expires in {time}" expiredText="Expired" />);
    expect(screen.getByTestId('countdown').textContent).toMatch(/^Expires in 3h (29|30)m$/);
    unmount();
    render(<Countdown deadline={new Date(Date.now() - 1000).toISOString()} template="Expires in {time}" expiredText="Expired" />);
    expect(screen.getByTestId('countdown').textContent).toBe('Expired');
  });

  it('counts with the server clock offset', () => {
    const deadline = new Date(Date.now() + 10 * 3_600_000).toISOString();
    render(<Countdown deadline={deadline} template="In {time}" expiredText="Over" offsetMs={11 * 3_600_000} />);
    expect(screen.getByTestId('countdown').textContent).toBe('Over');
  });
});
