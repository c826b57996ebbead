import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useNavigate } from '@web/lib/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { newPasswordSchema, type NewPasswordRequest } from '@shared/schemas/accounts.schemas';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { PasswordInput } from '@web/components/ui/password-input';
import { LogoHeader } from '@web/app/shell/logo-header';
import { resetPassword } from './auth-api';

/** Where the mailed reset link lands (Better Auth redirects here with ?token=, or ?error= when it is invalid). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [failed, setFailed] = useState(!token || params.has('error'));
  const form = useForm<NewPasswordRequest>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword(token ?? '', password);
      await navigate('/auth?reset=done', { replace: true });
    } catch {
      setFailed(true);
    }
  });

  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <LogoHeader width="max-w-6xl" className="bg-background/95" />
      <main className="flex flex-1 items-center justify-center p-4">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle>
              <h1>{messages.accountMail.newPasswordTitle}</h1>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {failed ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>{messages.accountMail.resetLinkInvalid}</AlertDescription>
              </Alert>
            ) : null}
            {token && !params.has('error') ? (
              <form className="space-y-4" noValidate onSubmit={submit}>
                <Field id="reset-password" label={messages.accountMail.newPasswordLabel} error={errors.password?.message}>
                  <PasswordInput id="reset-password" autoComplete="new-password" {...form.register('password')} />
                </Field>
                <Field id="reset-confirm" label={messages.accountMail.confirmNewPasswordLabel} error={errors.confirm_password?.message}>
                  <PasswordInput id="reset-confirm" autoComplete="new-password" {...form.register('confirm_password')} />
                </Field>
                <Button type="submit" className="w-full" disabled={isSubmitting}>
                  {messages.accountMail.savePassword}
                </Button>
              </form>
            ) : null}
            <Button asChild variant="link" className="h-auto w-full p-0">
              <Link to="/auth">{messages.accountMail.backToLogin}</Link>
            </Button>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
