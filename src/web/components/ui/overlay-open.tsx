import { createContext, useCallback, useContext, useState, type ComponentType } from 'react';

/**
 * Whether the overlay (dialog, popover, menu, tooltip) around a content part is open.
 *
 * A closed Radix overlay still mounts its content's Presence and Popper, and their layout effects
 * set state on mount. On a page with the bell and a few dialogs (the task page), that re-rendered
 * the whole page synchronously inside its first commit: one long main-thread task, counted in
 * Lighthouse's total blocking time (issue 25, decision 0411). So the content parts of our overlays
 * render nothing until their root is open. Radix unmounts closed content anyway, and none of our
 * overlays has an exit animation for Presence to wait for, so nothing a user sees changes.
 *
 * Outside one of our roots (a Radix root used directly) the content renders as Radix decides.
 */
const OverlayOpenContext = createContext(true);

interface OpenStateProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The root's open state, controlled or not, in a form the root can hand to Radix and to its content. */
function useOverlayOpenState({ open, defaultOpen, onOpenChange }: OpenStateProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen ?? false);
  const handleOpenChange = useCallback(
    (next: boolean) => {
      setUncontrolledOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  return { open: open ?? uncontrolledOpen, onOpenChange: handleOpenChange };
}

/**
 * Wraps a Radix root (Dialog, AlertDialog, Popover, DropdownMenu, Tooltip) so that it always runs
 * controlled and tells its content parts whether it is open. A Radix root renders no element, so
 * nothing else about it changes.
 */
export function withOpenState<P extends OpenStateProps>(Root: ComponentType<P>, displayName: string) {
  function OverlayRoot(props: P) {
    const state = useOverlayOpenState(props);
    const rootProps = { ...props, open: state.open, onOpenChange: state.onOpenChange };
    return (
      <OverlayOpenContext.Provider value={state.open}>
        <Root {...rootProps} />
      </OverlayOpenContext.Provider>
    );
  }
  OverlayRoot.displayName = displayName;
  return OverlayRoot;
}

/** False only inside one of our overlay roots while it is closed: its content then renders nothing. */
export function useOverlayIsOpen(): boolean {
  return useContext(OverlayOpenContext);
}
