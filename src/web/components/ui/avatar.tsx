import type { ComponentProps } from 'react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { initialsOf } from '@shared/domain/initials';
import { cn } from './cn';

export function AvatarRoot({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full select-none items-center justify-center rounded-full bg-secondary text-sm font-medium text-secondary-foreground',
        className,
      )}
      {...props}
    />
  );
}

export type AvatarProps = Omit<ComponentProps<typeof AvatarPrimitive.Root>, 'children'> & {
  /** Image URL; the initials show while it loads, when it fails, or when there is none. */
  src?: string | null;
  /** The person's name: the initials and the accessible name come from it. */
  name?: string | null;
  /** True when the name is already visible next to the avatar, so screen readers skip it. */
  decorative?: boolean;
};

/** Avatar image with an initials fallback. */
export function Avatar({ src, name, decorative = false, ...props }: AvatarProps) {
  const label = name?.trim() || 'User';
  return (
    <AvatarRoot {...props}>
      {src ? <AvatarImage src={src} alt={decorative ? '' : label} /> : null}
      <AvatarFallback delayMs={src ? 600 : undefined}>
        <span aria-hidden="true">{initialsOf(name)}</span>
        {decorative ? null : <span className="sr-only">{label}</span>}
      </AvatarFallback>
    </AvatarRoot>
  );
}
