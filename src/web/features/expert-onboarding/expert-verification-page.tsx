import { useState } from 'react';
import { Navigate } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ShieldCheck } from 'lucide-react';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { ExpertApplicationResponse } from '@shared/schemas/expert-onboarding.schemas';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError, errorMessage } from '@web/lib/api';
import { myExpertProfileQueryKey, useMyExpertProfile } from '@web/lib/expert-profile';
import { startPaymentSetup } from '@web/lib/payment-setup';
import { meQueryKey } from '@web/lib/session';
import { applicationFormData, type ApplicationValues } from './application-validation';
import { ExpertApplicationForm } from './expert-application-form';

/** The spec's field-level texts come back as 400/413/415 and are shown as they are. */
const SHOWN_AS_IS = new Set([400, 401, 413, 415]);

/**
 * /expert-verification, "Become a Local Expert" (spec 000 sections 2, 4, 5). Signed-out users never
 * get here (RequireAuth). An expert whose payment onboarding is complete goes to /profile; one who
 * saved the application but did not finish onboarding may continue to the provider at once.
 */
export default function ExpertVerificationPage() {
  const expert = useMyExpertProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [continuing, setContinuing] = useState(false);

  if (expert.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner size="lg" label="Checking your expert status" />
      </div>
    );
  }
  if (expert.isError) {
    return (
      <Alert variant="destructive" className="mx-auto max-w-2xl">
        <AlertTitle>{messages.expert.checkStatusFailed}</AlertTitle>
        <AlertDescription>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void expert.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  // An onboarded expert goes to the profile, on its Verification tab, the home of the badges (docs/decisions/0083).
  if (expert.data?.stripe_onboarding_completed) return <Navigate to="/profile?tab=verification" replace />;

  /** Starts provider onboarding; on failure the saved profile stays and the user goes to /profile. */
  async function goToPaymentOnboarding() {
    try {
      await startPaymentSetup();
    } catch (error) {
      toast.error(format(messages.expert.onboardingStartFailed, { message: errorMessage(error, messages.expert.submitFailed) }));
      navigate('/profile?tab=payments');
    }
  }

  async function submit(values: ApplicationValues, onProgress: (fraction: number) => void) {
    try {
      await api.upload<ExpertApplicationResponse>('/api/experts/application', applicationFormData(values), onProgress);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.info(messages.expert.duplicateProfile);
        navigate('/profile');
        return;
      }
      toast.error(error instanceof ApiError && SHOWN_AS_IS.has(error.status) ? error.message : messages.expert.submitFailed);
      return;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: myExpertProfileQueryKey }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
    toast.success(messages.expert.saved);
    await goToPaymentOnboarding();
  }

  async function continueOnboarding() {
    setContinuing(true);
    try {
      await goToPaymentOnboarding();
    } finally {
      setContinuing(false);
    }
  }

  const saved = expert.data?.application_submitted ?? false;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">Become a Local Expert</h1>
          </CardTitle>
          <CardDescription>
            Tell clients about yourself, choose where you work and verify your identity. Then set up payments to start
            earning from remote inspections.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {saved ? (
            <Alert variant="info">
              <ShieldCheck aria-hidden="true" />
              <AlertTitle>Your application is saved</AlertTitle>
              <AlertDescription>
                <p>Finish the payment provider setup to receive payments. You can also update your details below.</p>
                <Button className="mt-2" size="sm" disabled={continuing} onClick={() => void continueOnboarding()}>
                  Continue to Payment Setup
                </Button>
              </AlertDescription>
            </Alert>
          ) : null}
          <ExpertApplicationForm existing={expert.data ?? null} onSubmit={submit} />
        </CardContent>
      </Card>
    </div>
  );
}
