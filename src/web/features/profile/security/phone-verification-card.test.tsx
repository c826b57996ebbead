// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messages } from '@shared/messages';
import type { PhoneVerificationStatusDto } from '@shared/schemas/phone.schemas';
import { PhoneVerificationCard } from './phone-verification-card';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const phoneText = messages.phone;

const unverified: PhoneVerificationStatusDto = {
  phone_number: null,
  is_verified: false,
  code_pending: false,
  code_expires_at: null,
  can_resend_at: null,
  resend_in_seconds: 0,
  attempts_remaining: 0,
};
const pending = (extra: Partial<PhoneVerificationStatusDto> = {}): PhoneVerificationStatusDto => ({
  ...unverified,
  phone_number: '+15551234567',
  code_pending: true,
  code_expires_at: '2026-01-01T12:10:00.000Z',
  resend_in_seconds: 60,
  attempts_remaining: 3,
  ...extra,
});

type Reply = { status: number; body: unknown } | 'network-error';
type Handler = (body: Record<string, unknown> | undefined) => Reply;

/** A stand-in for the API: one handler per "METHOD path", every call recorded. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: Array<{ route: string; body?: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const route = `${init?.method ?? 'GET'} ${String(input)}`;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ route, body });
      const handler = handlers[route];
      if (!handler) throw new Error(`unexpected ${route}`);
      const reply = handler(body);
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const ok = (body: unknown): Reply => ({ status: 200, body });
const fail = (status: number, message: string): Reply => ({
  status,
  body: { error: { code: 'x', message } },
});
const STATUS = 'GET /api/phone-verification';
const SEND = 'POST /api/phone-verification/send';
const VERIFY = 'POST /api/phone-verification/verify';

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PhoneVerificationCard />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PhoneVerificationCard', () => {
  it('sends a code to the formatted US number and moves to the verify step with the countdown', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      [STATUS]: () => ok(unverified),
      [SEND]: () => ok({ success: true, message: phoneText.codeSent, status: pending() }),
    });
    renderCard();
    const input = await screen.findByLabelText(phoneText.phoneLabel);
    await user.type(input, '5551234567');
    expect(input).toHaveValue('+1 (555) 123-4567');
    await user.click(screen.getByRole('button', { name: phoneText.sendCode }));

    expect(await screen.findByLabelText(phoneText.codeLabel)).toBeInTheDocument();
    expect(calls.find((c) => c.route === SEND)?.body).toEqual({ phoneNumber: '+15551234567' });
    expect(toast.success).toHaveBeenCalledWith(phoneText.codeSent);
    expect(screen.getByRole('button', { name: /Resend in (60|59)s/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: phoneText.verifyCode })).toBeDisabled();
  });

  it('checks the number before calling the server', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ [STATUS]: () => ok(unverified) });
    renderCard();
    await user.type(await screen.findByLabelText(phoneText.phoneLabel), '555123');
    await user.click(screen.getByRole('button', { name: phoneText.sendCode }));
    expect(screen.getByText(phoneText.invalidNumber)).toBeInTheDocument();
    expect(calls.some((c) => c.route === SEND)).toBe(false);
  });

  it.each([
    ['a server failure', (): Reply => fail(502, phoneText.sendFailed), phoneText.sendFailed],
    ['a network failure', (): Reply => 'network-error', phoneText.sendFailed],
    [
      'a cooldown refusal',
      (): Reply => fail(429, 'Please wait 12s before requesting a new code'),
      'Please wait 12s before requesting a new code',
    ],
  ])('shows a toast for %s when sending', async (_case, reply, text) => {
    const user = userEvent.setup();
    fakeApi({ [STATUS]: () => ok(unverified), [SEND]: reply });
    renderCard();
    await user.type(await screen.findByLabelText(phoneText.phoneLabel), '5551234567');
    await user.click(screen.getByRole('button', { name: phoneText.sendCode }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(text));
    expect(screen.getByLabelText(phoneText.phoneLabel)).toBeInTheDocument();
  });

  it('resumes the verify step and the remaining cooldown of a code sent before', async () => {
    fakeApi({ [STATUS]: () => ok(pending({ resend_in_seconds: 25 })) });
    renderCard();
    expect(await screen.findByRole('button', { name: /Resend in 2[45]s/ })).toBeDisabled();
    expect(screen.getByLabelText(phoneText.codeLabel)).toHaveAccessibleDescription(
      'Enter the 6-digit code sent to +1 (555) 123-4567.',
    );
  });

  it('verifies a 6-digit code and then shows "Phone Verified" with the number', async () => {
    const user = userEvent.setup();
    const verified = { ...unverified, phone_number: '+15551234567', is_verified: true };
    const calls = fakeApi({
      [STATUS]: () => ok(pending()),
      [VERIFY]: () => ok({ success: true, message: phoneText.verified, status: verified }),
    });
    renderCard();
    const input = await screen.findByLabelText(phoneText.codeLabel);
    await user.type(input, '12ab3456');
    expect(input).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: phoneText.verifyCode }));

    expect(await screen.findByText(phoneText.verifiedTitle)).toBeInTheDocument();
    expect(screen.getByText('+1 (555) 123-4567')).toBeInTheDocument();
    expect(calls.find((c) => c.route === VERIFY)?.body).toEqual({ code: '123456' });
    expect(toast.success).toHaveBeenCalledWith(phoneText.verified);
  });

  it.each([
    ['a wrong code', (): Reply => fail(400, phoneText.codeInvalid), phoneText.codeInvalid],
    ['an expired code', (): Reply => fail(400, phoneText.codeExpired), phoneText.codeExpired],
    ['too many attempts', (): Reply => fail(429, phoneText.tooManyAttempts), phoneText.tooManyAttempts],
    ['a server failure', (): Reply => fail(500, phoneText.internalError), phoneText.updateStatusFailed],
  ])('shows a toast for %s, clears the field and reads the state again', async (_case, reply, text) => {
    const user = userEvent.setup();
    const calls = fakeApi({ [STATUS]: () => ok(pending()), [VERIFY]: reply });
    renderCard();
    const input = await screen.findByLabelText(phoneText.codeLabel);
    await user.type(input, '111111');
    await user.click(screen.getByRole('button', { name: phoneText.verifyCode }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(text));
    expect(input).toHaveValue('');
    await waitFor(() => expect(calls.filter((c) => c.route === STATUS)).toHaveLength(2));
  });

  it('locks the verify step when no attempts are left', async () => {
    fakeApi({ [STATUS]: () => ok(pending({ attempts_remaining: 0, resend_in_seconds: 0 })) });
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(phoneText.tooManyAttempts);
    expect(screen.getByRole('button', { name: phoneText.verifyCode })).toBeDisabled();
    expect(screen.getByRole('button', { name: phoneText.resendCode })).toBeEnabled();
  });

  it('resends to the same number, and says "Failed to resend code" when that fails', async () => {
    const user = userEvent.setup();
    let fails = true;
    const calls = fakeApi({
      [STATUS]: () => ok(pending({ resend_in_seconds: 0 })),
      [SEND]: () =>
        fails ? 'network-error' : ok({ success: true, message: phoneText.newCodeSent, status: pending() }),
    });
    renderCard();
    await user.click(await screen.findByRole('button', { name: phoneText.resendCode }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(phoneText.resendFailed));

    fails = false;
    await user.click(screen.getByRole('button', { name: phoneText.resendCode }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(phoneText.newCodeSent));
    expect(calls.filter((c) => c.route === SEND).map((c) => c.body)).toEqual([
      { phoneNumber: '+15551234567' },
      { phoneNumber: '+15551234567' },
    ]);
    expect(await screen.findByRole('button', { name: /Resend in (60|59)s/ })).toBeDisabled();
  });

  it('"Change Phone Number" returns to the input step with the number filled in', async () => {
    const user = userEvent.setup();
    fakeApi({ [STATUS]: () => ok(pending()) });
    renderCard();
    await user.click(await screen.findByRole('button', { name: phoneText.changeNumber }));
    expect(screen.getByLabelText(phoneText.phoneLabel)).toHaveValue('+1 (555) 123-4567');
    expect(screen.getByRole('button', { name: phoneText.sendCode })).toBeEnabled();
  });

  it('shows "Phone Verified" for a verified number', async () => {
    fakeApi({ [STATUS]: () => ok({ ...unverified, phone_number: '+15559870001', is_verified: true }) });
    renderCard();
    expect(await screen.findByText(phoneText.verifiedTitle)).toBeInTheDocument();
    expect(screen.getByText('+1 (555) 987-0001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: phoneText.sendCode })).not.toBeInTheDocument();
  });

  it('offers a retry when the state cannot be loaded', async () => {
    const user = userEvent.setup();
    let down = true;
    fakeApi({ [STATUS]: () => (down ? fail(500, phoneText.internalError) : ok(unverified)) });
    renderCard();
    expect(await screen.findByText(phoneText.loadFailed)).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: phoneText.retry }));
    expect(await screen.findByLabelText(phoneText.phoneLabel)).toBeInTheDocument();
  });
});
