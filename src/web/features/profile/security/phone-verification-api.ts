import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneActionResultDto, PhoneVerificationStatusDto } from '@shared/schemas/phone.schemas';
import { api, ApiError } from '@web/lib/api';

export const phoneVerificationQueryKey = ['phone-verification'] as const;

export const phoneVerificationQuery = queryOptions({
  queryKey: phoneVerificationQueryKey,
  queryFn: () => api.get<PhoneVerificationStatusDto>('/api/phone-verification'),
});

export const sendVerificationCode = (phoneNumber: string) =>
  api.post<PhoneActionResultDto>('/api/phone-verification/send', { phoneNumber });

export const verifyPhoneCode = (code: string) =>
  api.post<PhoneActionResultDto>('/api/phone-verification/verify', { code });

/**
 * The text to show for a failed call: the server's own text for a refusal (these are the spec's
 * texts, such as "Too many verification attempts"), the caller's fallback for anything else.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

/** Send (or resend) and verify; both put the answer's state into the status query. */
export function usePhoneVerificationMutations() {
  const queryClient = useQueryClient();
  const store = (result: PhoneActionResultDto) =>
    queryClient.setQueryData(phoneVerificationQueryKey, result.status);
  // A refused call may still have changed the state (an attempt counted): read it again.
  const refresh = () => queryClient.invalidateQueries({ queryKey: phoneVerificationQueryKey });

  const send = useMutation({ mutationFn: sendVerificationCode, onSuccess: store, onError: refresh });
  const verify = useMutation({ mutationFn: verifyPhoneCode, onSuccess: store, onError: refresh });
  return { send, verify };
}
