/**
 * Error toasts for modules of the entry chunk (the route guards). They load sonner on first use
 * instead of importing it, so the landing page's entry does not carry the toast library
 * (decision 0108). Page modules import `toast` from 'sonner' directly: they are lazy chunks already.
 */
let sonner: Promise<typeof import('sonner')> | undefined;
// One import promise for every call: toasts raised together show in the order they were raised.
// A failed import (offline) is forgotten, so the next toast tries again; the failed toast is dropped.
/**
 * Starts (once) the toast library. On every page but "/" the route warm-up has already loaded it,
 * with the toast outlet (decisions 0408, 0412).
 */
export const loadSonner = () =>
  (sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    throw error;
  }));

export const lazyToast = {
  error(message: string): Promise<void> {
    return loadSonner().then(
      ({ toast }) => {
        toast.error(message);
      },
      () => undefined,
    );
  },
};
