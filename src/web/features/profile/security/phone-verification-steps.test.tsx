// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@shared/messages';
import { CodeVerifyStep, type CodeVerifyStepProps } from './code-verify-step';
import { PhoneInputStep } from './phone-input-step';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const phoneText = messages.phone;

describe('PhoneInputStep', () => {
  it('formats digits as +1 (xxx) xxx-xxxx while typing', async () => {
    const user = userEvent.setup();
    render(<PhoneInputStep sending={false} onSend={vi.fn()} />);
    const input = screen.getByLabelText(phoneText.phoneLabel);
    await user.type(input, '555');
    expect(input).toHaveValue('+1 (555');
    await user.type(input, '123');
    expect(input).toHaveValue('+1 (555) 123');
    await user.type(input, '45678');
    expect(input).toHaveValue('+1 (555) 123-4567');
  });

  it('drops a typed country code 1 and anything that is not a digit', async () => {
    const user = userEvent.setup();
    render(<PhoneInputStep sending={false} onSend={vi.fn()} />);
    const input = screen.getByLabelText(phoneText.phoneLabel);
    await user.type(input, '1-555.abc123 4567');
    expect(input).toHaveValue('+1 (555) 123-4567');
  });

  it('starts from a given number', () => {
    render(<PhoneInputStep initialPhone="+15559870001" sending={false} onSend={vi.fn()} />);
    expect(screen.getByLabelText(phoneText.phoneLabel)).toHaveValue('+1 (555) 987-0001');
  });

  it('sends the E.164 number of a valid input', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<PhoneInputStep sending={false} onSend={onSend} />);
    await user.type(screen.getByLabelText(phoneText.phoneLabel), '5551234567');
    await user.click(screen.getByRole('button', { name: phoneText.sendCode }));
    expect(onSend).toHaveBeenCalledWith('+15551234567');
  });

  it.each([
    ['too few digits', '555123'],
    ['an area code starting with 0', '0551234567'],
    ['nothing', ''],
  ])('refuses %s with "Please enter a valid phone number"', async (_case, typed) => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<PhoneInputStep sending={false} onSend={onSend} />);
    const input = screen.getByLabelText(phoneText.phoneLabel);
    if (typed) await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: phoneText.sendCode }));
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByText(phoneText.invalidNumber)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables the button while sending', () => {
    render(<PhoneInputStep sending onSend={vi.fn()} />);
    expect(screen.getByRole('button', { name: phoneText.sendCode })).toBeDisabled();
  });
});

function renderVerifyStep(overrides: Partial<CodeVerifyStepProps> = {}) {
  const props: CodeVerifyStepProps = {
    phoneNumber: '+15551234567',
    resendAt: null,
    locked: false,
    verifying: false,
    resending: false,
    onVerify: vi.fn(async () => true),
    onResend: vi.fn(),
    onChangeNumber: vi.fn(),
    ...overrides,
  };
  render(<CodeVerifyStep {...props} />);
  return props;
}

describe('CodeVerifyStep', () => {
  it('says where the code was sent', () => {
    renderVerifyStep();
    expect(screen.getByLabelText(phoneText.codeLabel)).toHaveAccessibleDescription(
      'Enter the 6-digit code sent to +1 (555) 123-4567.',
    );
  });

  it('accepts digits only, at most 6, and enables "Verify Code" only at exactly 6', async () => {
    const user = userEvent.setup();
    const props = renderVerifyStep();
    const input = screen.getByLabelText(phoneText.codeLabel);
    const verify = screen.getByRole('button', { name: phoneText.verifyCode });
    expect(verify).toBeDisabled();

    await user.type(input, '12a3-45');
    expect(input).toHaveValue('12345');
    expect(verify).toBeDisabled();

    await user.type(input, '6');
    expect(input).toHaveValue('123456');
    expect(verify).toBeEnabled();

    await user.type(input, '7');
    expect(input).toHaveValue('123456');

    await user.type(input, '{Backspace}');
    expect(verify).toBeDisabled();
    await user.type(input, '9');
    await user.click(verify);
    expect(props.onVerify).toHaveBeenCalledWith('123459');
  });

  it('takes a pasted code with spaces', async () => {
    const user = userEvent.setup();
    renderVerifyStep();
    const input = screen.getByLabelText(phoneText.codeLabel);
    await user.click(input);
    await user.paste('123 456');
    expect(input).toHaveValue('123456');
    expect(screen.getByRole('button', { name: phoneText.verifyCode })).toBeEnabled();
  });

  it('says "Please enter the verification code" for Enter on an empty field or a cleared one', async () => {
    const user = userEvent.setup();
    const props = renderVerifyStep();
    const input = screen.getByLabelText(phoneText.codeLabel);
    await user.type(input, '{Enter}');
    expect(screen.getByText(phoneText.codeRequired)).toBeInTheDocument();
    expect(props.onVerify).not.toHaveBeenCalled();

    await user.type(input, '1');
    expect(screen.queryByText(phoneText.codeRequired)).not.toBeInTheDocument();
    await user.type(input, '{Backspace}');
    expect(screen.getByText(phoneText.codeRequired)).toBeInTheDocument();
  });

  it('submits a complete code with Enter and clears the field when it is refused', async () => {
    const user = userEvent.setup();
    const onVerify = vi.fn(async () => false);
    renderVerifyStep({ onVerify });
    const input = screen.getByLabelText(phoneText.codeLabel);
    await user.type(input, '654321{Enter}');
    expect(onVerify).toHaveBeenCalledWith('654321');
    expect(input).toHaveValue('');
  });

  it('counts "Resend in {n}s" down through the 60 s cooldown, then offers "Resend Code"', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T12:00:00Z') });
    const props = renderVerifyStep({ resendAt: Date.now() + 60_000 });
    const resend = () => screen.getByRole('button', { name: /Resend/ });

    expect(resend()).toHaveTextContent('Resend in 60s');
    expect(resend()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(resend()).toHaveTextContent('Resend in 59s');
    act(() => vi.advanceTimersByTime(58_000));
    expect(resend()).toHaveTextContent('Resend in 1s');
    expect(resend()).toBeDisabled();
    act(() => vi.advanceTimersByTime(1_000));
    expect(resend()).toHaveTextContent(phoneText.resendCode);
    expect(resend()).toBeEnabled();

    fireEvent.click(resend());
    expect(props.onResend).toHaveBeenCalledTimes(1);
  });

  it('offers "Resend Code" at once without a cooldown, and not while resending', () => {
    renderVerifyStep({ resendAt: null, resending: true });
    expect(screen.getByRole('button', { name: phoneText.resendCode })).toBeDisabled();
  });

  it('goes back to the input step with "Change Phone Number"', async () => {
    const user = userEvent.setup();
    const props = renderVerifyStep();
    await user.click(screen.getByRole('button', { name: phoneText.changeNumber }));
    expect(props.onChangeNumber).toHaveBeenCalledTimes(1);
  });

  it('when no attempts are left, says so and keeps "Verify Code" disabled', async () => {
    const user = userEvent.setup();
    renderVerifyStep({ locked: true });
    await user.type(screen.getByLabelText(phoneText.codeLabel), '123456');
    expect(screen.getByRole('alert')).toHaveTextContent(phoneText.tooManyAttempts);
    expect(screen.getByRole('button', { name: phoneText.verifyCode })).toBeDisabled();
  });
});
