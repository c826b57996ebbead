import { useState, type FormEvent } from 'react';
import { formatE164ForDisplay, isCompleteCode, sanitizeCodeInput } from '@shared/domain/phone';
import { format } from '@shared/format-message';
import { messages } from '@shared/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { useCountdown } from './use-countdown';

const phoneText = messages.phone;

export interface CodeVerifyStepProps {
  /** The E.164 number the code was sent to. */
  phoneNumber: string;
  /** When "Resend Code" becomes available (epoch ms); null when it already is. */
  resendAt: number | null;
  /** No attempts are left for this code: only a new code helps. */
  locked: boolean;
  verifying: boolean;
  resending: boolean;
  /** Resolves true when the code was accepted; on false the field is cleared for another try. */
  onVerify: (code: string) => Promise<boolean>;
  onResend: () => void;
  onChangeNumber: () => void;
}

/** The verify step: a 6-digit code, "Verify Code", "Resend Code" with its countdown, "Change Phone Number". */
export function CodeVerifyStep(props: CodeVerifyStepProps) {
  const { phoneNumber, resendAt, locked, verifying, resending, onVerify, onResend, onChangeNumber } = props;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Emptiness is reported only once the field was used, not as soon as focus passes through it.
  const [edited, setEdited] = useState(false);
  const resendIn = useCountdown(resendAt);
  const complete = isCompleteCode(code);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (code === '') {
      setError(phoneText.codeRequired);
      return;
    }
    if (!complete || verifying || locked) return;
    const accepted = await onVerify(code);
    if (!accepted) {
      setCode('');
      setEdited(false);
    }
  }

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <Field
        label={phoneText.codeLabel}
        description={format(phoneText.codeSentTo, { phone: formatE164ForDisplay(phoneNumber) })}
        error={error}
      >
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          className="max-w-40 font-mono tracking-[0.3em]"
          value={code}
          // No maxLength: the browser would cut a pasted "123 456" before the spaces are dropped.
          onChange={(event) => {
            const next = sanitizeCodeInput(event.target.value);
            setCode(next);
            setEdited(true);
            setError(next === '' ? phoneText.codeRequired : null);
          }}
          onKeyDown={(event) => {
            // The disabled submit button blocks implicit submission, so Enter is handled here.
            if (event.key === 'Enter') {
              event.preventDefault();
              void submit();
            }
          }}
          onBlur={() => {
            if (edited && code === '') setError(phoneText.codeRequired);
          }}
        />
      </Field>
      {locked ? (
        <Alert variant="destructive">
          <AlertDescription>{phoneText.tooManyAttempts}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!complete || verifying || locked} aria-busy={verifying || undefined}>
          {phoneText.verifyCode}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={resendIn > 0 || resending}
          aria-busy={resending || undefined}
          onClick={onResend}
        >
          {resendIn > 0 ? format(phoneText.resendIn, { n: resendIn }) : phoneText.resendCode}
        </Button>
        <Button type="button" variant="ghost" onClick={onChangeNumber}>
          {phoneText.changeNumber}
        </Button>
      </div>
    </form>
  );
}
