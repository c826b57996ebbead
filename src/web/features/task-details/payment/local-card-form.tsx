import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { format } from '@shared/format-message';
import { formatUsd } from '@shared/domain/money';
import { messages } from '@shared/messages';
import type { LocalCardResultDto, PaymentIntentDto } from '@shared/schemas/task-api';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { completeLocalAuthentication, confirmLocalCard, paymentErrorMessage } from './payment-api';
import {
  EMPTY_CARD,
  formatCardNumber,
  formatExpiry,
  validateLocalCard,
  type LocalCardErrors,
  type LocalCardValues,
} from './local-card-validation';

const card = messages.payment.card;
const text = messages.payment.dialog;

export interface LocalCardFormProps {
  intent: Pick<PaymentIntentDto, 'paymentIntentClientSecret' | 'amount'>;
  /** The card is authorized (the intent is requires_capture): the dialog confirms with the server. */
  onAuthorized: () => Promise<void> | void;
  /** Injected by tests; the real API otherwise. */
  confirmCard?: typeof confirmLocalCard;
  authenticate?: typeof completeLocalAuthentication;
  now?: () => Date;
}

/**
 * The card form of the built-in test provider, standing in for the card provider's Payment Element:
 * number, expiry, CVC, name and postal code, then an in-dialog authentication step for the card that
 * asks for one (the local stand-in for the bank's 3-D Secure page).
 */
export function LocalCardForm({
  intent,
  onAuthorized,
  confirmCard = confirmLocalCard,
  authenticate = completeLocalAuthentication,
  now = () => new Date(),
}: LocalCardFormProps) {
  const [values, setValues] = useState<LocalCardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<LocalCardErrors>({});
  const [stage, setStage] = useState<'card' | 'authenticate'>('card');
  const [busy, setBusy] = useState(false);
  const [declined, setDeclined] = useState<string | null>(null);

  const set = (field: keyof LocalCardValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** What the provider answered; false when the card step is not over. */
  async function handleResult(result: LocalCardResultDto) {
    if (result.status === 'requires_capture') {
      await onAuthorized();
      return;
    }
    if (result.status === 'requires_action') {
      setStage('authenticate');
      return;
    }
    setStage('card');
    const message = result.error ?? format(messages.payment.unexpectedStatus, { status: result.status });
    setDeclined(message);
    toast.error(message);
  }

  async function run(call: () => Promise<LocalCardResultDto>) {
    setBusy(true);
    setDeclined(null);
    try {
      await handleResult(await call());
    } catch (error) {
      toast.error(format(messages.payment.processingError, { message: paymentErrorMessage(error, messages.payment.failed) }));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateLocalCard(values, intent.paymentIntentClientSecret, now());
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    void run(() => confirmCard(checked.request));
  }

  if (stage === 'authenticate') {
    return (
      <section className="grid gap-4" aria-labelledby="local-authentication-title">
        <h3 id="local-authentication-title" className="font-medium">
          {text.authenticationTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{text.authenticationPrompt}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void run(() => authenticate(intent.paymentIntentClientSecret, false))}
          >
            {text.failAuthentication}
          </Button>
          <Button type="button" disabled={busy} onClick={() => void run(() => authenticate(intent.paymentIntentClientSecret, true))}>
            {busy ? text.authorizing : text.completeAuthentication}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={text.cardTitle}>
      <p className="text-xs text-muted-foreground">{card.testCardsHint}</p>
      {declined ? (
        <Alert variant="destructive">
          <AlertDescription>{declined}</AlertDescription>
        </Alert>
      ) : null}
      <Field label={card.numberLabel} error={errors.number} required>
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={values.number}
          onChange={(event) => set('number', formatCardNumber(event.target.value))}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={card.expiryLabel} error={errors.expiry} required>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={values.expiry}
            onChange={(event) => set('expiry', formatExpiry(event.target.value))}
          />
        </Field>
        <Field label={card.cvcLabel} error={errors.cvc} required>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={values.cvc}
            onChange={(event) => set('cvc', event.target.value.replace(/\D/g, ''))}
          />
        </Field>
      </div>
      <Field label={card.nameLabel} error={errors.name} required>
        <Input autoComplete="cc-name" value={values.name} onChange={(event) => set('name', event.target.value)} />
      </Field>
      <Field label={card.postalCodeLabel} error={errors.postalCode} required>
        <Input autoComplete="postal-code" value={values.postalCode} onChange={(event) => set('postalCode', event.target.value)} />
      </Field>
      <Button type="submit" disabled={busy} className="mt-1">
        {busy ? text.authorizing : format(text.pay, { amount: formatUsd(intent.amount) })}
      </Button>
    </form>
  );
}
