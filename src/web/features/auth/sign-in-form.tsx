import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, type SignInRequest } from '@shared/schemas/accounts.schemas';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Field } from '@web/components/ui/field';

export function SignInForm({ defaultEmail, onSubmit }: { defaultEmail: string; onSubmit: (values: SignInRequest) => Promise<void> }) {
  const form = useForm<SignInRequest>({ resolver: zodResolver(signInSchema), defaultValues: { email: defaultEmail, password: '' } });
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <Field id="signin-email" label="Email" error={errors.email?.message}>
        <Input id="signin-email" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field id="signin-password" label="Password" error={errors.password?.message}>
        <PasswordInput id="signin-password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  );
}
