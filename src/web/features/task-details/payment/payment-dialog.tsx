import { lazy, Suspense, useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ruleText } from '@shared/domain/rule-texts';
import { messages } from '@shared/messages';
import type { PaymentIntentDto } from '@shared/schemas/task-api';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useRuntimeConfig } from '@web/lib/runtime-config';
import { useMe } from '@web/lib/session';
import { AmountSummary } from './amount-summary';
import { useFeePercent } from './fee-percent';
import { ConsentStep } from './consent-step';
import {
  confirmAuthorization,
  createPaymentIntent,
  createRenewalIntent,
  paymentErrorMessage,
  refreshTaskQueries,
} from './payment-api';

/** The card provider's libraries are loaded only when a client reaches the card step. */
const StripeCardStep = lazy(() => import('./stripe-card-step'));
// The local card form checks the card with zod: loaded when the dialog asks for a card, not with the task page (decision 0407).
const LocalCardForm = lazy(() => import('./local-card-form').then((module) => ({ default: module.LocalCardForm })));

const text = messages.payment.dialog;

export interface PaymentDialogProps {
  taskId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task's agreed amount (the hired expert's rate), shown before the intent exists. */
  amountCents: number;
  /** The platform fee percent of the task's existing hold; the admin's current setting when absent. */
  feePercent?: number;
  /** A new hold that replaces the task's live one, which the server voids once this one is authorized. */
  renewal?: boolean;
}

type Step = 'consent' | 'card';

/**
 * Authorize payment for an assigned task: consent to the limited payment collection agent terms,
 * then the card (the provider's Payment Element, or the built-in test provider's form). The card is
 * only authorized here; it is captured when the client confirms the evidence.
 */
export function PaymentDialog({ taskId, open, onOpenChange, amountCents, feePercent, renewal = false }: PaymentDialogProps) {
  const currentFeePercent = useFeePercent();
  const [step, setStep] = useState<Step>('consent');
  const queryClient = useQueryClient();
  const intent = useMutation({ mutationFn: () => (renewal ? createRenewalIntent(taskId) : createPaymentIntent(taskId)) });
  const { reset: resetIntent } = intent;

  useEffect(() => {
    if (open) {
      setStep('consent');
      resetIntent();
    }
  }, [open, resetIntent]);

  /** One toast per outcome: the spec's success text, or the failure's own text. */
  async function finishAuthorization(created: PaymentIntentDto, paymentIntentId: string) {
    try {
      await confirmAuthorization({
        taskId,
        paymentIntentId,
        clientSecret: created.paymentIntentClientSecret,
      });
      toast.success(renewal ? messages.holds.reauthorizedThroughDialog : messages.payment.authorizationConfirmed);
      await refreshTaskQueries(queryClient, taskId);
      onOpenChange(false);
    } catch (error) {
      toast.error(paymentErrorMessage(error));
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          {/* What the current step is about; nothing is authorized before the client agrees. */}
          <DialogDescription>
            {step === 'consent' ? ruleText(messages.polish.consentIntroFee, { platform_fee_percent: feePercent ?? currentFeePercent }) : text.cardIntro}
          </DialogDescription>
        </DialogHeader>
        <AmountSummary amountCents={intent.data?.amount ?? amountCents} feePercent={feePercent ?? currentFeePercent} />
        {/* Issue 50: what cancelling this booking would cost, before the hold is made. */}
        <p className="text-sm">
          {/* A new tab (a plain link): the dialog and its card step stay as they are. */}
          <a href="/cancellation-policy" target="_blank" rel="noopener" className="text-info underline underline-offset-4">
            {messages.cancellations.policyLink}
          </a>
        </p>
        {step === 'consent' ? (
          <ConsentStep
            onCancel={() => onOpenChange(false)}
            onAgree={() => {
              setStep('card');
              intent.mutate();
            }}
          />
        ) : (
          <CardStep
            taskId={taskId}
            intent={intent.data}
            error={intent.error}
            onRetry={() => intent.mutate()}
            onAuthorized={(created, paymentIntentId) => finishAuthorization(created, paymentIntentId)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CardStep({
  taskId,
  intent,
  error,
  onRetry,
  onAuthorized,
}: {
  taskId: string;
  intent: PaymentIntentDto | undefined;
  error: Error | null;
  onRetry: () => void;
  onAuthorized: (intent: PaymentIntentDto, paymentIntentId: string) => Promise<void>;
}) {
  const config = useRuntimeConfig();
  const me = useMe();
  const loading = <Spinner label={text.loadingForm} showLabel />;

  if (error) {
    return (
      <div className="grid gap-3">
        <Alert variant="destructive">
          <AlertDescription>{paymentErrorMessage(error, messages.payment.authorizationFailed)}</AlertDescription>
        </Alert>
        <Button type="button" variant="outline" onClick={onRetry}>
          {text.retry}
        </Button>
      </div>
    );
  }
  if (!intent || !config.data) return loading;

  // The server decides the provider; the intent says which one made it.
  if (intent.provider === 'local') {
    return (
      <Suspense fallback={loading}>
        <LocalCardForm intent={intent} onAuthorized={() => onAuthorized(intent, intent.paymentIntentId)} />
      </Suspense>
    );
  }
  if (!config.data.publishableKey) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{messages.payment.libraryNotLoaded}</AlertDescription>
      </Alert>
    );
  }
  return (
    <Suspense fallback={loading}>
      <StripeCardStep
        publishableKey={config.data.publishableKey}
        taskId={taskId}
        intent={intent}
        email={me.data?.user.email ?? null}
        onAuthorized={(paymentIntentId) => onAuthorized(intent, paymentIntentId)}
      />
    </Suspense>
  );
}
