import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import {
  BADGE_BASE_CLASSES,
  BADGE_ICON_CLASSES,
  BADGE_VARIANT_CLASSES,
  type BadgeVariant,
} from '@shared/badge-classes';
import { cn } from './cn';

export type { BadgeVariant };

export function badgeVariants({
  variant = 'default',
  className,
}: { variant?: BadgeVariant; className?: string } = {}) {
  return cn(BADGE_BASE_CLASSES, BADGE_ICON_CLASSES, BADGE_VARIANT_CLASSES[variant], className);
}

export type BadgeProps = ComponentProps<'span'> & { variant?: BadgeVariant; asChild?: boolean };

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Component = asChild ? Slot.Root : 'span';
  return <Component data-slot="badge" className={badgeVariants({ variant, className })} {...props} />;
}
