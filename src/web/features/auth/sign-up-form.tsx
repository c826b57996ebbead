import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { messages } from '@shared/messages';
import { signUpSchema, type SignUpRequest } from '@shared/schemas/accounts.schemas';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { Field } from '@web/components/ui/field';

type Values = SignUpRequest;

/** The fields the spec requires, all answered by one "Please fill in all required fields". */
const REQUIRED_FIELDS = ['first_name', 'last_name', 'email', 'password'] as const;
type RequiredField = (typeof REQUIRED_FIELDS)[number];
const REQUIRED_ERROR_ID = 'signup-required-error';

export function SignUpForm({ onSubmit }: { onSubmit: (values: Values) => Promise<void> }) {
  const form = useForm<Values>({
    resolver: zodResolver(signUpSchema) as never,
    defaultValues: { first_name: '', last_name: '', email: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // "Please fill in all required fields" shows once, above the form; the fields it is about are marked
  // invalid and point to it, instead of the same sentence under each of them.
  const missing = new Set<RequiredField>(
    REQUIRED_FIELDS.filter((name) => errors[name]?.message === messages.auth.requiredFields),
  );
  // An empty confirmation "matches" an empty password; it is still a field left to fill in.
  const confirmation = useWatch({ control: form.control, name: 'confirm_password' });
  const confirmMissing = missing.has('password') && confirmation === '' && !errors.confirm_password;
  const markMissing = (isMissing: boolean) =>
    isMissing ? { 'aria-invalid': true as const, 'aria-describedby': REQUIRED_ERROR_ID } : {};
  const fieldError = (name: RequiredField) => (missing.has(name) ? undefined : errors[name]?.message);
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {missing.size > 0 ? (
        <Alert variant="destructive" id={REQUIRED_ERROR_ID}>
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{messages.auth.requiredFields}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="signup-first-name" label="First name" error={fieldError('first_name')}>
          <Input
            id="signup-first-name"
            autoComplete="given-name"
            {...markMissing(missing.has('first_name'))}
            {...form.register('first_name')}
          />
        </Field>
        <Field id="signup-last-name" label="Last name" error={fieldError('last_name')}>
          <Input
            id="signup-last-name"
            autoComplete="family-name"
            {...markMissing(missing.has('last_name'))}
            {...form.register('last_name')}
          />
        </Field>
      </div>
      <Field id="signup-email" label="Email" error={fieldError('email')}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          {...markMissing(missing.has('email'))}
          {...form.register('email')}
        />
      </Field>
      <Field id="signup-password" label="Password" error={fieldError('password')}>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          {...markMissing(missing.has('password'))}
          {...form.register('password')}
        />
      </Field>
      <Field id="signup-confirm-password" label="Confirm password" error={errors.confirm_password?.message}>
        <PasswordInput
          id="signup-confirm-password"
          autoComplete="new-password"
          {...markMissing(confirmMissing)}
          {...form.register('confirm_password')}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Sign up'}
      </Button>
    </form>
  );
}
