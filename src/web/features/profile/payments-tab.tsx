import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { AlertTriangle, CheckCircle2, Clock, CreditCard } from 'lucide-react';
import { messages } from '@shared/messages';
import { polishMessages } from '@shared/messages/polish';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError } from '@web/lib/api';
import { myExpertProfileQueryKey } from '@web/lib/expert-profile';
import { useRuleText } from '@web/lib/rule-texts';
import { continuePaymentSetup, startPaymentSetup, verifyPaymentSetup } from '@web/lib/payment-setup';

type Busy = 'start' | 'continue' | 'check' | null;

/** The server's text when it sent one of the spec's, else the action's own spec text. */
const textOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.status !== 500 ? error.message : fallback;

/** The Payments tab (experts): the payment setup state and the buttons that move it on. */
export function PaymentsTab({ expert }: { expert: MyExpertProfileDto }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const ruleText = useRuleText();

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>, fallback: string) {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      toast.error(textOf(error, fallback));
    } finally {
      setBusy(null);
    }
  }

  const start = () => run('start', () => startPaymentSetup(), messages.paymentSetup.createAccountFailed);
  const resume = () => run('continue', () => continuePaymentSetup(), messages.paymentSetup.refreshLinkFailed);
  const check = () =>
    run(
      'check',
      async () => {
        const { expert: fresh } = await verifyPaymentSetup();
        queryClient.setQueryData(myExpertProfileQueryKey, fresh);
      },
      messages.paymentSetup.accessFailed,
    );

  const state = expert.payment_setup_state;
  const restricted = expert.stripe_account_status === 'restricted';

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle asChild>
            <h2>Payment setup</h2>
          </CardTitle>
          <Badge variant={expert.is_verified ? 'success' : restricted ? 'destructive' : 'warning'} data-testid="payment-status">
            {expert.status_text}
          </Badge>
        </div>
        <CardDescription>
          {ruleText(polishMessages.paymentsTabFee)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!expert.lpca_terms_accepted ? (
          <Alert variant="info">
            <CreditCard aria-hidden="true" />
            <AlertTitle>Complete your expert application first</AlertTitle>
            <AlertDescription>
              <p>Payment setup starts once you have accepted the payment processing terms.</p>
              <Button asChild size="sm" className="mt-2">
                <Link to="/expert-verification">Complete your application</Link>
              </Button>
            </AlertDescription>
          </Alert>
        ) : state === 'not_started' ? (
          <Alert variant="info">
            <CreditCard aria-hidden="true" />
            <AlertTitle>Payment setup not started</AlertTitle>
            <AlertDescription>{messages.expert.statusIncomplete}.</AlertDescription>
          </Alert>
        ) : state === 'incomplete' ? (
          <Alert variant="warning">
            <Clock aria-hidden="true" />
            <AlertTitle>Payment setup incomplete</AlertTitle>
            <AlertDescription>{messages.paymentSetup.completeSetup}</AlertDescription>
          </Alert>
        ) : state === 'complete_active' ? (
          <Alert variant="success">
            <CheckCircle2 aria-hidden="true" />
            <AlertTitle>{messages.expert.statusVerified}</AlertTitle>
            <AlertDescription>Your payment account is active. You can receive payments for completed tasks.</AlertDescription>
          </Alert>
        ) : restricted ? (
          <Alert variant="destructive">
            <AlertTriangle aria-hidden="true" />
            <AlertTitle>{messages.expert.statusRestricted}</AlertTitle>
            <AlertDescription>The payment provider needs more information before you can receive payments.</AlertDescription>
          </Alert>
        ) : (
          <Alert variant="info">
            <Clock aria-hidden="true" />
            <AlertTitle>Under review</AlertTitle>
            <AlertDescription>Your details are submitted and the payment provider is reviewing them.</AlertDescription>
          </Alert>
        )}
      </CardContent>
      {expert.lpca_terms_accepted ? (
        <CardFooter className="flex-wrap">
          {state === 'not_started' ? (
            <Button onClick={start} disabled={busy !== null}>
              {busy === 'start' ? 'Opening...' : 'Set Up Payments'}
            </Button>
          ) : null}
          {state === 'incomplete' || restricted ? (
            <Button onClick={resume} disabled={busy !== null}>
              {busy === 'continue' ? 'Opening...' : restricted ? 'Update Payment Details' : 'Continue Setup'}
            </Button>
          ) : null}
          {state !== 'not_started' ? (
            <Button variant="outline" onClick={check} disabled={busy !== null}>
              {busy === 'check' ? 'Checking...' : 'Refresh Status'}
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}
