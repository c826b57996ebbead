import { useState, type FormEvent } from 'react';
import { accountControlMessages as texts } from '@shared/messages/account-control';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { Field } from '@web/components/ui/field';
import { api, ApiError } from '@web/lib/api';

/** A 6-digit authenticator code; anything else is tried as a backup code (they look like "abcde-12345"). */
const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** The second step of signing in to a two-factor account: a code, or a single-use backup code. */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: () => Promise<void>; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError(texts.twoFactorInvalidCode);
    setBusy(true);
    setError(null);
    try {
      const path = isTotpCode(value) ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
      await api.post(path, { code: value, trustDevice });
      await onSignedIn();
    } catch (failure) {
      const tooMany = failure instanceof ApiError && (failure.status === 429 || failure.code.startsWith('TOO_MANY') || failure.code === 'ACCOUNT_TEMPORARILY_LOCKED');
      const expired = failure instanceof ApiError && failure.code === 'INVALID_TWO_FACTOR_COOKIE';
      setError(tooMany || expired ? texts.twoFactorTooManyAttempts : texts.twoFactorInvalidCode);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <Field id="two-factor-code" label={texts.twoFactorCodeLabel} description={texts.twoFactorCodeHint} error={error}>
        <Input
          id="two-factor-code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </Field>
      <div className="flex items-center gap-2">
        <Checkbox id="two-factor-trust" checked={trustDevice} onCheckedChange={(value) => setTrustDevice(value === true)} />
        <Label htmlFor="two-factor-trust">Trust this device for 30 days</Label>
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </Button>
      <Button type="button" variant="link" className="h-auto w-full p-0" onClick={onRestart}>
        Use a different account
      </Button>
    </form>
  );
}
