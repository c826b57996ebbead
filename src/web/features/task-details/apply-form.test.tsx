// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApplyForm } from './apply-form';

afterEach(() => cleanup());

function renderForm() {
  const onApply = vi.fn(async () => ({}));
  render(<ApplyForm onApply={onApply} />);
  const rate = screen.getByLabelText(/^Your proposed rate/) as HTMLInputElement;
  const letter = screen.getByLabelText(/^Cover letter/) as HTMLTextAreaElement;
  const fill = (rateText: string, notes: string) => {
    fireEvent.change(rate, { target: { value: rateText } });
    fireEvent.change(letter, { target: { value: notes } });
  };
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
  return { onApply, rate, letter, fill, submit };
}

describe('ApplyForm', () => {
  it('takes a rate above 0 in steps of 0.01', () => {
    const { rate } = renderForm();
    expect(rate).toHaveAttribute('type', 'number');
    expect(rate).toHaveAttribute('min', '0.01');
    expect(rate).toHaveAttribute('step', '0.01');
  });

  it('requires a rate and a cover letter', async () => {
    const { submit, onApply } = renderForm();
    submit();
    expect(await screen.findByText('Proposed rate is required')).toBeInTheDocument();
    expect(screen.getByText('Please write a cover letter')).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a rate of 0 and a blank cover letter', async () => {
    const { fill, submit, onApply } = renderForm();
    fill('0', '    ');
    submit();
    expect(await screen.findByText('Proposed rate must be greater than 0')).toBeInTheDocument();
    expect(screen.getByText('Please write a cover letter')).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('counts the characters live and stops the cover letter at 500', async () => {
    const { fill, letter } = renderForm();
    fill('25', 'x'.repeat(120));
    expect(screen.getByTestId('cover-letter-counter')).toHaveTextContent('120/500 characters');
    expect(letter).toHaveAttribute('maxLength', '500');
    fill('25', 'x'.repeat(501));
    expect(letter.value).toHaveLength(500);
    expect(screen.getByTestId('cover-letter-counter')).toHaveTextContent('500/500 characters');
    expect(screen.queryByText('Cover letter must be at most 500 characters')).not.toBeInTheDocument();
  });

  it('sends exactly 500 characters with the rate in cents', async () => {
    const { fill, submit, onApply } = renderForm();
    fill('12.34', 'y'.repeat(500));
    expect(screen.getByTestId('cover-letter-counter')).toHaveTextContent('500/500 characters');
    submit();
    await waitFor(() =>
      expect(onApply).toHaveBeenCalledWith({ proposed_rate: 1234, notes: 'y'.repeat(500) }),
    );
  });
});
