import { useState } from 'react';
import type { ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from './cn';
import { Input } from './input';

export type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** Class for the wrapper that holds the input and the toggle. */
  containerClassName?: string;
};

/** A password input with a show/hide toggle; the ref and all input props go to the `<input>`. */
export function PasswordInput({ className, containerClassName, disabled, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div data-slot="password-input" className={cn('relative', containerClassName)}>
      <Input
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        spellCheck={false}
        autoCapitalize="none"
        disabled={disabled}
        className={cn('pr-10', className)}
        {...props}
      />
      <button
        type="button"
        aria-label={visible ? 'Hide password' : 'Show password'}
        disabled={disabled}
        onClick={() => setVisible((current) => !current)}
        className={cn(
          'absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground',
          'focus-visible:outline-offset-[-2px] disabled:pointer-events-none disabled:opacity-50',
        )}
      >
        {visible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
