// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@shared/messages';
import { ConsentStep } from './consent-step';

const text = messages.payment.dialog;

describe('ConsentStep', () => {
  it('keeps Agree disabled until the terms box is ticked', async () => {
    const user = userEvent.setup();
    const onAgree = vi.fn();
    render(<ConsentStep onAgree={onAgree} onCancel={vi.fn()} />);
    const agree = screen.getByRole('button', { name: text.agree });
    expect(agree).toBeDisabled();
    await user.click(agree);
    expect(onAgree).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: text.consentCheckbox }));
    expect(agree).toBeEnabled();
    await user.click(agree);
    expect(onAgree).toHaveBeenCalledTimes(1);
  });

  it('disables Agree again when the box is unticked, and shows the agent terms', async () => {
    const user = userEvent.setup();
    render(<ConsentStep onAgree={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByText(text.consentTerms)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: text.consentCheckbox });
    await user.click(box);
    await user.click(box);
    expect(screen.getByRole('button', { name: text.agree })).toBeDisabled();
  });

  it('can be left with Cancel', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<ConsentStep onAgree={vi.fn()} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: text.cancel }));
    expect(onCancel).toHaveBeenCalled();
  });
});
