import { useEffect, useRef } from 'react';
import { useNavigate } from '@web/lib/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import type { TaskDto } from '@shared/schemas/task-api';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api';
import { useRuntimeConfig, type RuntimeConfig } from '@web/lib/runtime-config';
import type { ReturnFlags } from './return-plan';

/**
 * The payment half of /stripe-return: the provider's redirect after a card authentication step
 * (3-D Secure) arrives here with payment_intent, payment_intent_client_secret and redirect_status
 * (and task_id, which the payment dialog puts in its return_url). The intent is read by its client
 * secret (Stripe.js with the real provider, the API with the built-in one), the spec's outcome table
 * decides, and the page leaves for the task (which also clears the query string).
 */

export type PaymentReturnOutcome =
  | { kind: 'confirm' }
  | { kind: 'notice'; level: 'info' | 'error'; message: string };

/** The spec's table: requires_capture confirms; a redirect status of failed always counts as a failure. */
export function paymentReturnOutcome(status: string | null, redirectStatus: string | null): PaymentReturnOutcome {
  if (redirectStatus === 'failed') return { kind: 'notice', level: 'error', message: messages.payment.failed };
  switch (status) {
    case 'requires_capture':
      return { kind: 'confirm' };
    case 'succeeded':
      return { kind: 'notice', level: 'info', message: messages.payment.alreadyCaptured };
    case 'processing':
      return { kind: 'notice', level: 'info', message: messages.payment.processing };
    case 'requires_payment_method':
      return { kind: 'notice', level: 'error', message: messages.payment.failed };
    default:
      return {
        kind: 'notice',
        level: 'error',
        message: format(messages.payment.unexpectedStatus, { status: status ?? 'unknown' }),
      };
  }
}

interface ReturnedIntent {
  status: string;
  id: string;
  taskId: string | null;
}

async function readIntent(config: RuntimeConfig, clientSecret: string): Promise<ReturnedIntent> {
  if (config.paymentProvider === 'local') {
    const answer = await api.get<{ status: string; payment_intent_id: string; task_id: string }>(
      '/api/payments/intent-status',
      { client_secret: clientSecret },
    );
    return { status: answer.status, id: answer.payment_intent_id, taskId: answer.task_id };
  }
  const { loadStripe } = await import('@stripe/stripe-js');
  const stripe = config.publishableKey ? await loadStripe(config.publishableKey) : null;
  if (!stripe) throw new Error(messages.payment.libraryNotLoaded);
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (error || !paymentIntent) throw new Error(error?.message ?? messages.payment.failed);
  return { status: paymentIntent.status, id: paymentIntent.id, taskId: null };
}

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** Runs the outcome for this return once and then leaves the page. */
export function PaymentIntentReturn({ flags, search }: { flags: ReturnFlags; search: URLSearchParams }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useRuntimeConfig();
  const handled = useRef(false);
  const clientSecret = flags.paymentIntentClientSecret ?? '';
  const redirectStatus = search.get('redirect_status');
  const taskIdParam = search.get('task_id');
  const intentIdParam = search.get('payment_intent');

  useEffect(() => {
    if (handled.current || config.isPending) return;
    if (!config.data) {
      handled.current = true;
      toast.error(messages.payment.failed);
      navigate(taskIdParam ? `/task/${taskIdParam}` : '/dashboard', { replace: true });
      return;
    }
    handled.current = true;
    const runtime = config.data;
    let taskId = taskIdParam;

    async function handle() {
      if (redirectStatus === 'failed') {
        toast.error(messages.payment.failed);
        return;
      }
      const intent = await readIntent(runtime, clientSecret);
      taskId = taskId ?? intent.taskId;
      const outcome = paymentReturnOutcome(intent.status, redirectStatus);
      if (outcome.kind === 'notice') {
        if (outcome.level === 'error') toast.error(outcome.message);
        else toast.info(outcome.message);
        return;
      }
      // One toast per outcome (the page itself says it is updating the task meanwhile).
      if (!taskId) {
        toast.error(messages.payment.confirmAuthorizationFailed);
        return;
      }
      try {
        await api.post<{ message: string; task: TaskDto }>('/api/payments/confirm', {
          taskId,
          paymentIntentId: intentIdParam ?? intent.id,
          paymentIntentClientSecret: clientSecret,
          action: 'confirm_authorization',
        });
        toast.success(messages.payment.authorizationConfirmed);
      } catch (error) {
        toast.error(errorText(error, messages.payment.confirmAuthorizationFailed));
      }
    }

    void handle()
      .catch((error: unknown) => {
        toast.error(format(messages.payment.processingError, { message: errorText(error, messages.payment.failed) }));
      })
      .finally(() => {
        const id = taskId;
        if (id) void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(id) });
        // Leaving replaces this entry, so the query string is gone and a reload does not confirm again.
        navigate(id ? `/task/${id}` : '/dashboard', { replace: true });
      });
  }, [config.data, config.isPending, clientSecret, redirectStatus, taskIdParam, intentIdParam, navigate, queryClient]);

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-4">
      <Card className="w-full max-w-md text-center" aria-live="polite">
        <CardHeader className="items-center gap-4">
          <Spinner size="lg" label={messages.payment.returnTitle} />
          <CardTitle asChild>
            <h1 className="text-xl">{messages.payment.returnTitle}</h1>
          </CardTitle>
        </CardHeader>
      </Card>
    </main>
  );
}
