// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingInput } from './review-section';

afterEach(() => cleanup());

function Harness() {
  const [value, setValue] = useState(0);
  return (
    <>
      <RatingInput value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('RatingInput', () => {
  it('is a radio group of five labelled stars', () => {
    render(<Harness />);
    expect(screen.getByRole('radiogroup', { name: 'Rating' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeInTheDocument();
  });

  it('selects one rating at a time', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars' })).not.toBeChecked();
  });
});
