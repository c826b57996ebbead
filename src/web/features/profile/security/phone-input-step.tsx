import { useState, type FormEvent } from 'react';
import { formatUsPhoneInput, isValidUsPhone, usPhoneToE164 } from '@shared/domain/phone';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';

const phoneText = messages.phone;

export interface PhoneInputStepProps {
  /** A number to start from (E.164 or typed), e.g. the one a code was sent to before. */
  initialPhone?: string | null;
  sending: boolean;
  /** Called with the E.164 number of a valid US input. */
  onSend: (e164: string) => void;
}

/** The input step: a US number formatted as +1 (xxx) xxx-xxxx while typing. */
export function PhoneInputStep({ initialPhone, sending, onSend }: PhoneInputStepProps) {
  const [value, setValue] = useState(() => formatUsPhoneInput(initialPhone ?? ''));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const e164 = isValidUsPhone(value) ? usPhoneToE164(value) : null;
    if (!e164) {
      setError(phoneText.invalidNumber);
      return;
    }
    onSend(e164);
  }

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <Field label={phoneText.phoneLabel} error={error}>
        <Input
          type="tel"
          name="phone"
          inputMode="tel"
          autoComplete="tel"
          placeholder={phoneText.phonePlaceholder}
          value={value}
          onChange={(event) => {
            setValue(formatUsPhoneInput(event.target.value));
            setError(null);
          }}
        />
      </Field>
      <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
        {phoneText.sendCode}
      </Button>
    </form>
  );
}
