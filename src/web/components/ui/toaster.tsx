import type { ComponentProps } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * The one toast outlet (mounted once at the app root). Toasts sit top right, last 4 seconds and at
 * most 3 show at a time; `toast.success/error/warning/info` from 'sonner' pick the coloured styles,
 * whose colours come from styles/index.css.
 */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  return (
    <Sonner
      theme="light"
      position="top-right"
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      {...props}
    />
  );
}
