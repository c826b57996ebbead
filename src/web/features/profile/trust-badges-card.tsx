import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BadgeCheck, ExternalLink, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { VERIFICATION } from '@shared/constants';
import { messages } from '@shared/messages';
import type {
  VerificationInitiateResponse,
  VerificationStatusResponse,
} from '@shared/schemas/verification.schemas';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';
import { useRealtimeConnected } from '@web/lib/use-realtime';
import { navigateTo } from './verification-navigation';

const verificationText = messages.verification;
export const verificationStatusKey = ['verification', 'status', 'me'] as const;
/** Set while the expert is away on the provider's page, so the result is announced once on return. */
export const STARTED_KEY = 'verification.background_check.started';

/**
 * The expert's own badges (spec 001, verification badges): refreshed live by the verification channel
 * (app/shell/realtime-bridge.tsx), polled every 30 seconds only while the socket is down, with the progress, the community trust rule and "Start background check". A
 * request result (approved or rejected) shows a toast once.
 */
export function TrustBadgesCard({ expertId }: { expertId: string }) {
  const queryClient = useQueryClient();
  const live = useRealtimeConnected();
  const status = useQuery({
    queryKey: verificationStatusKey,
    queryFn: () => api.get<VerificationStatusResponse>('/api/verification/status'),
    refetchInterval: live ? false : VERIFICATION.statusPollMs,
  });
  const [announced, setAnnounced] = useState(false);
  const check = status.data?.status.background_check;

  useEffect(() => {
    if (announced || !check) return;
    const started = window.sessionStorage.getItem(STARTED_KEY) === '1';
    if (started && (check === 'approved' || check === 'rejected')) {
      window.sessionStorage.removeItem(STARTED_KEY);
      setAnnounced(true);
      if (check === 'approved') toast.success(verificationText.approved);
      else toast.error(verificationText.rejected);
    }
  }, [check, announced]);

  const start = useMutation({
    mutationFn: () =>
      api.post<VerificationInitiateResponse>('/api/verification/initiate', { level: 'background_check' }),
    onSuccess: (body) => {
      void queryClient.invalidateQueries({ queryKey: verificationStatusKey });
      if (body.hosted_apply_url) {
        window.sessionStorage.setItem(STARTED_KEY, '1');
        navigateTo(body.hosted_apply_url);
      }
    },
    onError: (error) =>
      toast.error(error instanceof ApiError && error.status === 403 ? error.message : verificationText.initiateFailed),
  });

  if (status.isPending) return <Spinner label="Loading your badges" />;
  if (status.isError || !status.data) {
    return (
      <Card>
        <CardContent className="pt-6 text-sm text-muted-foreground">{verificationText.updateStatusFailed}</CardContent>
      </Card>
    );
  }
  const { status: s, progress } = status.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Trust badges</h2>
        </CardTitle>
        <CardDescription>
          Badges show on your{' '}
          <Link className="text-primary underline underline-offset-4" to={`/expert/${expertId}`}>
            public profile
          </Link>{' '}
          and next to your applications.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-1">
          <Progress value={progress.percentage} label="Verification progress" />
          <p className="text-xs text-muted-foreground">
            {progress.completed} of {progress.total} badges earned
          </p>
        </div>
        <ul className="space-y-4" aria-label="Your badges">
          {s.badges.map((badge) => (
            <li
              key={badge.level}
              className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-start"
            >
              {badge.level === 'community_trust' ? (
                <BadgeCheck className="size-6 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <ShieldCheck className="size-6 shrink-0 text-success" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-medium">{badge.name}</h3>
                  <Badge variant={badge.verified ? 'success' : 'outline'}>
                    {badge.verified ? 'Verified' : 'Not yet'}
                  </Badge>
                </div>
                <p className="text-sm text-muted-foreground">{badge.description}</p>
                {badge.level === 'community_trust' && !badge.verified ? (
                  <p className="text-sm">
                    {s.positive_review_count} of {VERIFICATION.communityTrustPositiveReviews} positive
                    reviews. Granted automatically.
                  </p>
                ) : null}
                {badge.level === 'background_check' && !badge.verified ? (
                  <div className="space-y-2 pt-1">
                    {s.background_check === 'pending' ? (
                      <p className="text-sm">Your background check is in progress.</p>
                    ) : null}
                    {s.background_check === 'rejected' ? (
                      <p className="text-sm text-destructive">Your last background check was not approved.</p>
                    ) : null}
                    <Button size="sm" disabled={start.isPending} onClick={() => start.mutate()}>
                      <ExternalLink aria-hidden="true" />
                      {verificationText.startBackgroundCheck}
                    </Button>
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
