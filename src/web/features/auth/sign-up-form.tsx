import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signUpSchema, type SignUpRequest } from '@shared/schemas/accounts.schemas';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Field } from '@web/components/ui/field';

type Values = SignUpRequest;

export function SignUpForm({ onSubmit }: { onSubmit: (values: Values) => Promise<void> }) {
  const form = useForm<Values>({
    resolver: zodResolver(signUpSchema) as never,
    defaultValues: { first_name: '', last_name: '', email: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="signup-first-name" label="First name" error={errors.first_name?.message}>
          <Input id="signup-first-name" autoComplete="given-name" {...form.register('first_name')} />
        </Field>
        <Field id="signup-last-name" label="Last name" error={errors.last_name?.message}>
          <Input id="signup-last-name" autoComplete="family-name" {...form.register('last_name')} />
        </Field>
      </div>
      <Field id="signup-email" label="Email" error={errors.email?.message}>
        <Input id="signup-email" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field id="signup-password" label="Password" error={errors.password?.message}>
        <PasswordInput id="signup-password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field id="signup-confirm-password" label="Confirm password" error={errors.confirm_password?.message}>
        <PasswordInput id="signup-confirm-password" autoComplete="new-password" {...form.register('confirm_password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Sign up'}
      </Button>
    </form>
  );
}
