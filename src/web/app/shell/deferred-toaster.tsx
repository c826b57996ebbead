import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** The outlet's code, with the toast library; the route warm-up starts it on every page but "/". */
export const loadToasterOutlet = () => import('@web/components/ui/toaster');

const Toaster = lazy(() => loadToasterOutlet().then((module) => ({ default: module.Toaster })));

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/** If the toast chunk cannot load (offline), the app goes on without toasts instead of failing whole. */
class WithoutToastsOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The toast outlet, loaded only when a toast can be due: on any page but the landing page, or after
 * the first interaction there. The landing page itself never toasts, and its visitors should not
 * download the toast library (issue 12's 150 KB budget; decision 0108). A toast raised before the
 * outlet arrives is not lost: sonner replays the active toasts to a Toaster when it subscribes.
 */
export function DeferredToaster() {
  const { pathname } = useLocation();
  // Once wanted it stays mounted, so toasts keep their place when the user comes back to "/".
  // Past "/" it mounts with the first render: set from an effect, it cost a synchronous second
  // render of the whole tree as the page settled (decision 0412).
  const [mounted, setMounted] = useState(() => pathname !== '/');
  useEffect(() => {
    if (pathname !== '/') setMounted(true);
  }, [pathname]);
  useEffect(() => {
    if (mounted) return;
    const onInteraction = () => setMounted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { once: true, capture: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, { capture: true });
    };
  }, [mounted]);
  if (!mounted) return null;
  return (
    <WithoutToastsOnError>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </WithoutToastsOnError>
  );
}
