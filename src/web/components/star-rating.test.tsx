// @vitest-environment jsdom
import { MemoryRouter } from 'react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StarRating } from './star-rating';

afterEach(() => cleanup());

const starsOf = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[data-star]')).map((star) => star.getAttribute('data-star'));

describe('StarRating', () => {
  it('shows 0 as five empty stars and "No ratings yet"', () => {
    const { container } = render(<StarRating rating={0} count={0} />);
    expect(starsOf(container)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(screen.getByRole('img', { name: 'No ratings yet' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('No ratings yet');
  });

  it('shows 3.4 as three stars and no half star', () => {
    const { container } = render(<StarRating rating={3.4} count={5} />);
    expect(starsOf(container)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(screen.getByRole('img', { name: '3.4 out of 5' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('3.4 (5)');
  });

  it('shows 3.5 with a half star', () => {
    const { container } = render(<StarRating rating={3.5} />);
    expect(starsOf(container)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(screen.getByRole('img', { name: '3.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('3.5');
  });

  it('shows 5 as five full stars, linking to the expert when asked', () => {
    const { container } = render(
      <MemoryRouter>
        <StarRating rating={5} count={12} expertId="e-1" />
      </MemoryRouter>,
    );
    expect(starsOf(container)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(screen.getByRole('img', { name: '5 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', '/expert/e-1');
    expect(screen.getByTestId('rating-summary')).toHaveTextContent('5.0 (12)');
  });
});
