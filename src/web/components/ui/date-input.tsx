import { useId } from 'react';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { Input } from './input';
import { Label } from './label';

export type DateInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /**
   * Visible label rendered above the input. Leave it out only when the input is labelled
   * elsewhere (inside `Field`, or with `aria-label`).
   */
  label?: string;
  /** Class for the wrapper that holds the label and the input. */
  containerClassName?: string;
};

/** A native `<input type="date">` (value "yyyy-mm-dd"), styled like `Input`, with its own label. */
export function DateInput({ label, id, className, containerClassName, ...props }: DateInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const input = <Input type="date" id={inputId} className={cn('block', className)} {...props} />;
  if (!label) return input;
  return (
    <div data-slot="date-input" className={cn('grid gap-2', containerClassName)}>
      <Label htmlFor={inputId}>{label}</Label>
      {input}
    </div>
  );
}
