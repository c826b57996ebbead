import type { TaskStatus } from './domain/task-status';

/**
 * The badge's look as Tailwind classes. The web's `Badge` draws it, and the server's page shells
 * (`signed-in-shells.ts`, `expert-profile-shell.ts`) write the same classes into their HTML, so a
 * shell's badge has the size and colour of the React badge that takes its place.
 */
export const BADGE_BASE_CLASSES =
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium';

/** The size and hit area of an icon inside a badge. */
export const BADGE_ICON_CLASSES = '[&>svg]:pointer-events-none [&>svg]:size-3';

/** Each variant sets only colours, so base and variant never compete for a property. */
export const BADGE_VARIANT_CLASSES = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  outline: 'border-border text-foreground',
  destructive: 'border-transparent bg-destructive text-destructive-foreground',
  success: 'border-transparent bg-success text-success-foreground',
  warning: 'border-transparent bg-warning text-warning-foreground',
} as const;

export type BadgeVariant = keyof typeof BADGE_VARIANT_CLASSES;

/** The badge variant of each task status (the status badge of cards and the task page). */
export const TASK_STATUS_BADGE_VARIANTS: Readonly<Record<TaskStatus, BadgeVariant>> = {
  pending: 'outline',
  open: 'warning',
  assigned: 'secondary',
  in_progress: 'secondary',
  pending_approval: 'warning',
  completed: 'success',
  verified: 'success',
  cancelled: 'destructive',
  disputed: 'warning',
  payment_lapsed: 'destructive',
  changes_requested: 'warning',
  no_access_reported: 'warning',
};

/** A badge's whole class string for static HTML (no merge needed: see BADGE_VARIANT_CLASSES). */
export function badgeClasses(variant: BadgeVariant): string {
  return `${BADGE_BASE_CLASSES} ${BADGE_VARIANT_CLASSES[variant]}`;
}
