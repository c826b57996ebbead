import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from './cn';

export type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root> & {
  /** Accessible name (e.g. "Uploading document"); ignored when `aria-labelledby` is given. */
  label?: string;
};

/**
 * A `role="progressbar"` with aria-valuenow/min/max and a percentage as aria-valuetext.
 * `value={null}` means indeterminate.
 */
export function Progress({ className, value, max = 100, label = 'Progress', ...props }: ProgressProps) {
  const percent = value == null || max <= 0 ? null : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      aria-label={props['aria-labelledby'] ? undefined : label}
      getValueLabel={(current, total) => `${Math.round((current / total) * 100)}%`}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full bg-primary transition-[width] duration-300',
          percent === null && 'w-1/3 animate-pulse',
        )}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
