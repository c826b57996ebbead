import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { accountControlMessages as texts } from '@shared/messages/account-control';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';
import { meQueryKey } from '@web/lib/session';
import { authSessionKey, useAuthSession } from '@web/lib/auth-session';
import { secretOfTotpUri } from './account-api';
import { TotpQrCode } from './totp-qr-code';

type Setup = { secret: string; uri: string; backupCodes: string[] };

/** Two-factor sign-in: turn on with an authenticator app (a QR code and the key as text), see backup codes once, turn off. */
export function TwoFactorCard() {
  const session = useAuthSession();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enabled = session.data?.user.twoFactorEnabled === true;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.code === 'INVALID_PASSWORD'
          ? texts.wrongPassword
          : failure instanceof ApiError && failure.code === 'INVALID_CODE'
            ? texts.twoFactorInvalidCode
            : failure instanceof Error
              ? failure.message
              : texts.twoFactorInvalidCode;
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: authSessionKey });
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  };

  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const result = await api.post<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password });
      setSetup({ secret: secretOfTotpUri(result.totpURI), uri: result.totpURI, backupCodes: result.backupCodes });
      setPassword('');
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.post('/api/auth/two-factor/verify-totp', { code: code.trim() });
      setCode('');
      toast.success(texts.twoFactorEnabled);
      await refresh();
    });
  };

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.post('/api/auth/two-factor/disable', { password });
      setPassword('');
      setSetup(null);
      toast.success(texts.twoFactorDisabled);
      await refresh();
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            Two-factor sign-in {enabled ? <Badge>On</Badge> : <Badge variant="secondary">Off</Badge>}
          </h2>
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app. Admins must have it on.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {session.isPending ? <Spinner label="Loading" /> : null}
        {setup && enabled ? (
          <div className="space-y-2" role="region" aria-label="Backup codes">
            <p className="text-sm">
              Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone; they are shown only now.
            </p>
            <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
              {setup.backupCodes.map((backup) => (
                <li key={backup}>{backup}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {!enabled && setup ? (
          <form className="space-y-4" noValidate onSubmit={confirm}>
            <p className="text-sm">
              Scan the code with your authenticator app, or add the key by hand (or open the setup link on this device), then
              enter the code it shows.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <TotpQrCode uri={setup.uri} />
              <p className="break-all rounded-md bg-muted p-2 font-mono text-sm" data-testid="totp-secret">
                {setup.secret}
              </p>
            </div>
            <a className="text-sm underline" href={setup.uri}>
              Open in authenticator app
            </a>
            <Field id="two-factor-setup-code" label={texts.twoFactorCodeLabel} error={error}>
              <Input id="two-factor-setup-code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            </Field>
            <Button type="submit" disabled={busy}>
              Turn on two-factor sign-in
            </Button>
          </form>
        ) : null}
        {!enabled && !setup && session.isSuccess ? (
          <form className="space-y-4" noValidate onSubmit={start}>
            <Field id="two-factor-password" label="Current password" error={error}>
              <PasswordInput id="two-factor-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <Button type="submit" disabled={busy || !password}>
              Set up two-factor sign-in
            </Button>
          </form>
        ) : null}
        {enabled && !setup ? (
          <form className="space-y-4" noValidate onSubmit={turnOff}>
            <Field id="two-factor-off-password" label="Password to turn it off" error={error}>
              <PasswordInput id="two-factor-off-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </Field>
            <Button type="submit" variant="outline" disabled={busy || !password}>
              Turn off two-factor sign-in
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
