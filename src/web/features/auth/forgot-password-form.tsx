import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shared/messages';
import { forgotPasswordSchema, type ForgotPasswordRequest } from '@shared/schemas/accounts.schemas';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { requestPasswordReset } from './auth-api';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ defaultEmail, onBack }: { defaultEmail: string; onBack: () => void }) {
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordRequest>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: defaultEmail } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
    } catch {
      // A limiter refusal or an unknown address must look the same as a sent link.
    }
    setSent(true);
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{messages.accountMail.forgotPasswordIntro}</p>
      {sent ? (
        <Alert role="status">
          <AlertDescription>{messages.accountMail.resetLinkSent}</AlertDescription>
        </Alert>
      ) : null}
      <form className="space-y-4" noValidate onSubmit={submit}>
        <Field id="forgot-email" label="Email" error={errors.email?.message}>
          <Input id="forgot-email" type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {messages.accountMail.sendResetLink}
        </Button>
      </form>
      <Button variant="link" className="h-auto w-full p-0" onClick={onBack}>
        {messages.accountMail.backToLogin}
      </Button>
    </div>
  );
}
