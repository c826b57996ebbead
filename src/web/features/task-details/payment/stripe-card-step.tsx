import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { toast } from 'sonner';
import { PAYMENT_ELEMENTS } from '@shared/constants';
import { format } from '@shared/format-message';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { PaymentIntentDto } from '@shared/schemas/task-api';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { paymentReturnUrl } from './payment-api';
import { logStripeEnvironmentProblems } from './stripe-environment';

const text = messages.payment.dialog;

/** One Stripe.js per publishable key, loaded the first time a card step opens. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    logStripeEnvironmentProblems(publishableKey);
    promise = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
};

export interface StripeCardStepProps {
  publishableKey: string;
  taskId: string;
  intent: PaymentIntentDto;
  /** Email is not asked in the element (spec: billing details are name and postal code). */
  email: string | null;
  onAuthorized: (paymentIntentId: string) => Promise<void> | void;
}

/**
 * The card provider's Payment Element with the spec's options: locale en, currency usd, the method
 * order, billing name and postal code, default country US. The elements group is created with the
 * intent's amount and manual capture; confirming may leave for the bank's page and come back to
 * /stripe-return, which finishes the authorization there.
 */
export default function StripeCardStep(props: StripeCardStepProps) {
  return (
    <Elements
      stripe={stripeFor(props.publishableKey)}
      options={{
        mode: 'payment',
        amount: props.intent.amount,
        currency: PAYMENT_ELEMENTS.currency,
        captureMethod: 'manual',
        locale: PAYMENT_ELEMENTS.locale,
      }}
    >
      <StripeCardForm {...props} />
    </Elements>
  );
}

function StripeCardForm({ taskId, intent, email, onAuthorized }: StripeCardStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) {
      toast.error(messages.payment.libraryNotLoaded);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        setFailure(submitted.error.message ?? messages.payment.failed);
        return;
      }
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        clientSecret: intent.paymentIntentClientSecret,
        confirmParams: {
          return_url: paymentReturnUrl(taskId),
          payment_method_data: { billing_details: { email, phone: null } },
        },
        redirect: 'if_required',
      });
      if (error) {
        const declined = error.type === 'card_error' || error.type === 'validation_error';
        setFailure(error.message ?? messages.payment.tryDifferentMethod);
        toast.error(
          declined
            ? messages.payment.tryDifferentMethod
            : format(messages.payment.processingError, { message: error.message ?? messages.payment.failed }),
        );
        return;
      }
      if (paymentIntent?.status === 'requires_capture') {
        await onAuthorized(paymentIntent.id);
      } else if (paymentIntent?.status === 'processing') {
        toast.info(messages.payment.processing);
      } else {
        toast.error(format(messages.payment.unexpectedStatus, { status: paymentIntent?.status ?? 'unknown' }));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="grid gap-4" onSubmit={submit} aria-label={text.cardTitle}>
      <PaymentElement
        options={{
          layout: 'tabs',
          paymentMethodOrder: [...PAYMENT_ELEMENTS.paymentMethodOrder],
          fields: { billingDetails: PAYMENT_ELEMENTS.billingDetails },
          defaultValues: { billingDetails: { address: { country: PAYMENT_ELEMENTS.defaultBillingCountry } } },
        }}
      />
      {failure ? (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={busy || !stripe || !elements}>
        {busy ? text.authorizing : format(text.pay, { amount: formatUsd(intent.amount) })}
      </Button>
    </form>
  );
}
