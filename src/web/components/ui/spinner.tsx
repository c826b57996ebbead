import type { ComponentProps } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from './cn';

const spinnerSizes = { sm: 'size-4', default: 'size-6', lg: 'size-10' } as const;

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** What is loading, read by screen readers (and shown when `showLabel`). */
  label?: string;
  /** Show the label next to the icon instead of only to screen readers. */
  showLabel?: boolean;
  size?: keyof typeof spinnerSizes;
};

export function Spinner({
  label = 'Loading...',
  showLabel = false,
  size = 'default',
  className,
  ...props
}: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}
      {...props}
    >
      <Loader2 className={cn('animate-spin', spinnerSizes[size])} aria-hidden="true" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}
