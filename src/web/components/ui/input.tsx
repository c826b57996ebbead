import type { ComponentProps } from 'react';
import { cn } from './cn';

/** Shared by every text-like control so they line up. */
export const inputClasses = cn(
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-base shadow-xs transition-colors md:text-sm',
  'placeholder:text-muted-foreground selection:bg-primary selection:text-primary-foreground',
  'file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
  'focus-visible:border-ring focus-visible:outline-offset-0',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
);

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input data-slot="input" type={type} className={cn(inputClasses, className)} {...props} />;
}
