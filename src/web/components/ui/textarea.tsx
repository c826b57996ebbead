import type { ComponentProps } from 'react';
import { cn } from './cn';
import { inputClasses } from './input';

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ className, ...props }: TextareaProps) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(inputClasses, 'field-sizing-content h-auto min-h-20 py-2', className)}
      {...props}
    />
  );
}
