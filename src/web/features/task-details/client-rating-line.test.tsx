// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientRatingLine } from './two-way-reviews';

afterEach(() => cleanup());

describe('ClientRatingLine', () => {
  it('writes one review in the singular (issue 52)', () => {
    render(<ClientRatingLine rating={{ avg_rating: 4, review_count: 1 }} />);
    expect(screen.getByTestId('client-rating')).toHaveTextContent('Client rating: 4.0 (1 review)');
  });

  it('writes several reviews in the plural', () => {
    render(<ClientRatingLine rating={{ avg_rating: 4.25, review_count: 3 }} />);
    expect(screen.getByTestId('client-rating')).toHaveTextContent('Client rating: 4.3 (3 reviews)');
  });
});
