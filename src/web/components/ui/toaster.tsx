import type { ComponentProps } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * The one toast outlet (mounted once at the app root). Toasts sit top right, last 4 seconds and at
 * most 3 show at a time; `toast.success/error/warning/info` from 'sonner' pick the coloured styles,
 * whose colours come from styles/index.css. They start below the sticky top bar (56 px in the app,
 * 64 px on the landing page) so they never cover the bell, the avatar or Logout.
 */
export const TOAST_OFFSET = { top: 76, right: 16 } as const;
// A toast at the bottom (while the bell's list is open) keeps above the phone's bottom navigation.
export const TOAST_MOBILE_OFFSET = { top: 72, right: 12, left: 12, bottom: 88 } as const;

export function Toaster(props: ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      theme="light"
      position="top-right"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      {...props}
    />
  );
}
