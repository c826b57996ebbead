// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanup, render } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@shared/messages';
import { ApiError } from '@web/lib/api';
import { renderRoute } from '@web/test/render-route';
import { signIn, signUp } from './auth-api';
import AuthPage from './auth-page';

vi.mock('./auth-api', () => ({
  signIn: vi.fn(),
  signUp: vi.fn(),
  requestPasswordReset: vi.fn(),
}));

const SIGN_UP_SUBTITLE = 'Sign up to post tasks or work as a local expert.';

function renderAuth(url = '/auth') {
  renderRoute('/auth', <AuthPage />, url);
  // The app's toaster, so that a toast the page raises is on screen as it would be for a user.
  render(<Toaster />);
  return userEvent.setup();
}

/** Lets sonner draw whatever toast was raised. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  vi.mocked(signIn).mockReset();
  vi.mocked(signUp).mockReset();
});

describe('AuthPage', () => {
  it('shows the reset mode without the sign-up subtitle', async () => {
    const user = renderAuth();
    expect(screen.getByText('Log in to manage your tasks.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.accountMail.forgotPasswordLink }));
    expect(
      screen.getByRole('heading', { name: messages.accountMail.forgotPasswordTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.accountMail.forgotPasswordIntro)).toBeInTheDocument();
    expect(screen.queryByText(SIGN_UP_SUBTITLE)).toBeNull();
    expect(screen.queryByText('Log in to manage your tasks.')).toBeNull();
  });

  it('shows a failed log-in once, as an inline error, and drops it on switching to sign-up', async () => {
    vi.mocked(signIn).mockRejectedValue(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'x'));
    const user = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.auth.invalidCredentials);
    expect(alert).toHaveAttribute('data-variant', 'destructive');
    await settle();
    expect(screen.getAllByText(messages.auth.invalidCredentials)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await settle();
    expect(screen.queryByText(messages.auth.invalidCredentials)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not say "Welcome back" right after sign-up or the email confirmation (issue 52)', async () => {
    vi.mocked(signUp).mockResolvedValue('created');
    const user = renderAuth('/auth?mode=signup');
    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: messages.firstUser.newAccountTitle })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).toBeNull();
    cleanup();
    renderAuth('/auth?confirmed=true');
    expect(screen.getByRole('heading', { name: messages.firstUser.newAccountTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.firstUser.newAccountSubtitle)).toBeInTheDocument();
  });

  it('shows a suspended account as an error', async () => {
    vi.mocked(signIn).mockRejectedValue(new ApiError(403, 'ACCOUNT_SUSPENDED', 'x'));
    const user = renderAuth();
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.accountControl.accountSuspended);
  });

  it('says "already registered" once, in the log-in card', async () => {
    vi.mocked(signUp).mockResolvedValue('already_registered');
    const user = renderAuth('/auth?mode=signup');
    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    await settle();
    expect(screen.getAllByText(messages.auth.emailAlreadyRegistered)).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(messages.auth.emailAlreadyRegistered);
    expect(screen.getByLabelText('Email')).toHaveValue('pat@example.com');
  });
});

describe('Sign-up form validation', () => {
  it('says "Please fill in all required fields" once and marks every empty field', async () => {
    const user = renderAuth('/auth?mode=signup');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.auth.requiredFields);
    expect(screen.getAllByText(messages.auth.requiredFields)).toHaveLength(1);
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Confirm password']) {
      const input = screen.getByLabelText(label, { selector: 'input' });
      expect(input, label).toHaveAttribute('aria-invalid', 'true');
      expect(input, label).toHaveAccessibleDescription(messages.auth.requiredFields);
    }
    expect(signUp).not.toHaveBeenCalled();
  });

  it('marks only the fields still empty, and a missing confirmation as not matching', async () => {
    const user = renderAuth('/auth?mode=signup');
    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.requiredFields);
    expect(screen.getAllByText(messages.auth.requiredFields)).toHaveLength(1);
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Password', { selector: 'input' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    const confirm = screen.getByLabelText('Confirm password', { selector: 'input' });
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription(messages.auth.passwordsDoNotMatch);
  });

  it('drops the form-level message once every required field is filled', async () => {
    const user = renderAuth('/auth?mode=signup');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), '123');
    await waitFor(() => expect(screen.queryByText(messages.auth.requiredFields)).toBeNull());
    const form = screen.getByRole('button', { name: 'Sign up' }).closest('form') as HTMLFormElement;
    expect(within(form).getByText(messages.auth.passwordTooShort)).toBeInTheDocument();
  });
});
