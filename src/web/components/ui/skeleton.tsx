import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A placeholder shape; hidden from assistive tech (announce loading with `Spinner` or text). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-secondary', className)}
      {...props}
    />
  );
}
