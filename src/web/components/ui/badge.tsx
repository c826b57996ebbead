import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';

const badgeVariantClasses = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  outline: 'border-border text-foreground',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
  success: 'border-transparent bg-success text-success-foreground',
  warning: 'border-transparent bg-warning text-warning-foreground',
} as const;

export type BadgeVariant = keyof typeof badgeVariantClasses;

export function badgeVariants({
  variant = 'default',
  className,
}: { variant?: BadgeVariant; className?: string } = {}) {
  return cn(
    'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium',
    '[&>svg]:pointer-events-none [&>svg]:size-3',
    badgeVariantClasses[variant],
    className,
  );
}

export type BadgeProps = ComponentProps<'span'> & { variant?: BadgeVariant; asChild?: boolean };

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Component = asChild ? Slot.Root : 'span';
  return <Component data-slot="badge" className={badgeVariants({ variant, className })} {...props} />;
}
