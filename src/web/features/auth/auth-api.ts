import type { SignInRequest, SignUpRequest } from '@shared/schemas/accounts.schemas';
import { api, ApiError } from '@web/lib/api';

export type SignUpOutcome = 'created' | 'already_registered';

export async function signUp(request: SignUpRequest): Promise<SignUpOutcome> {
  try {
    await api.post('/api/accounts/sign-up', request);
    return 'created';
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return 'already_registered';
    throw error;
  }
}

/** 'two_factor': the password was right and the account asks for its second factor next. */
export async function signIn(request: SignInRequest): Promise<'signed_in' | 'two_factor'> {
  const result = await api.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
    ...request,
    callbackURL: '/auth?confirmed=true',
  });
  return result?.twoFactorRedirect ? 'two_factor' : 'signed_in';
}

/** Better Auth answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await api.post('/api/auth/reset-password', { token, newPassword });
}
