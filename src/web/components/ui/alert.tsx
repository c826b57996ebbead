import type { ComponentProps } from 'react';
import { cn } from './cn';

const alertVariantClasses = {
  default: 'border-border bg-card [&>svg]:text-foreground',
  destructive:
    'border-destructive/50 bg-destructive/5 [&>svg]:text-destructive *:data-[slot=alert-title]:text-destructive',
  warning: 'border-warning/50 bg-warning/5 [&>svg]:text-warning',
  info: 'border-info/40 bg-info/5 [&>svg]:text-info',
  success: 'border-success/40 bg-success/5 [&>svg]:text-success',
} as const;

export type AlertVariant = keyof typeof alertVariantClasses;

export type AlertProps = ComponentProps<'div'> & { variant?: AlertVariant };

/**
 * An inline message box; put a lucide icon first for the icon column. Destructive and warning
 * alerts are `role="alert"` (announced when they appear); the others are `role="status"`.
 */
export function Alert({ className, variant = 'default', role, ...props }: AlertProps) {
  return (
    <div
      data-slot="alert"
      data-variant={variant}
      role={role ?? (variant === 'destructive' || variant === 'warning' ? 'alert' : 'status')}
      className={cn(
        'relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-lg border px-4 py-3 text-sm text-foreground',
        'has-[>svg]:grid-cols-[1rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-4 [&>svg]:translate-y-0.5',
        alertVariantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-title"
      className={cn('col-start-2 min-h-4 font-semibold leading-tight tracking-tight', className)}
      {...props}
    />
  );
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cn('col-start-2 grid justify-items-start gap-1 text-sm [&_p]:leading-relaxed', className)}
      {...props}
    />
  );
}
