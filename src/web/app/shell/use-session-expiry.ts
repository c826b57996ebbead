import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@web/lib/navigation';
import { toast } from 'sonner';
import { SESSION } from '@shared/constants';
import { messages } from '@shared/messages';
import { meQueryKey, refreshSessionRequest } from '@web/lib/session';
import { refreshDelayMs, shouldWarn } from './session-expiry';

// Timers longer than this overflow setTimeout's 32-bit range.
const MAX_TIMER_MS = 2_147_000_000;

/** Schedules the session refresh 5 minutes before expiry and warns when it could not be extended. */
export function useSessionExpiry(expiresAtIso: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!expiresAtIso) return;
    const expiresAt = new Date(expiresAtIso);

    const endSession = () => {
      toast.error(messages.auth.sessionRefreshFailed);
      queryClient.clear();
      navigate('/auth', { replace: true });
    };

    const refreshNow = async (announce: boolean) => {
      try {
        const session = await refreshSessionRequest();
        if (!session) throw new Error('no session');
        if (announce) toast.success(messages.auth.sessionRefreshed);
        await queryClient.invalidateQueries({ queryKey: meQueryKey });
        return new Date(session.expiresAt);
      } catch {
        if (announce) endSession();
        return null;
      }
    };

    const timer = window.setTimeout(
      async () => {
        const next = await refreshNow(false);
        if (next && !shouldWarn(next, new Date())) return;
        toast.warning(messages.auth.sessionExpiring, {
          duration: SESSION.warningToastMs,
          action: { label: 'Refresh', onClick: () => void refreshNow(true) },
        });
      },
      Math.min(refreshDelayMs(expiresAt, new Date()), MAX_TIMER_MS),
    );
    return () => window.clearTimeout(timer);
  }, [expiresAtIso, queryClient, navigate]);
}
