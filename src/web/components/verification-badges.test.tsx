// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { badgesFromFlags, VerificationBadges } from './verification-badges';

afterEach(() => cleanup());

const badge = (n: number) => ({ level: 'community_trust' as const, name: `Badge ${n}`, description: `About ${n}` });

describe('VerificationBadges', () => {
  it('shows three badges, then "+N more" that reveals the rest', () => {
    const badges = [1, 2, 3, 4, 5].map(badge).map((b, i) => ({ ...b, level: `l${i}` as 'community_trust' }));
    render(<VerificationBadges badges={badges} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Badge 1', 'Badge 2', 'Badge 3', '+2 more']);
    fireEvent.click(screen.getByRole('button', { name: '+2 more' }));
    expect(screen.getByText('Badge 5')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders nothing without badges, and builds badges from the DTO flags', () => {
    const { container } = render(<VerificationBadges badges={badgesFromFlags({})} />);
    expect(container).toBeEmptyDOMElement();
    render(<VerificationBadges badges={badgesFromFlags({ community_trusted: true, background_verified: true })} detailed />);
    expect(screen.getByText('Community Trusted')).toBeInTheDocument();
    expect(screen.getByText('Background Checked')).toBeInTheDocument();
    expect(screen.getByText('5+ completed tasks with 4.0+ average rating')).toBeInTheDocument();
  });
});
