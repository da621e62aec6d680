import { useEffect, type RefObject } from 'react';

/**
 * Closes a popover-like disclosure on a pointer press outside `root` or on Escape, while it is open.
 * `onDismiss` learns which one, so Escape can hand focus back to the toggle button.
 */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, onDismiss: (reason: 'outside' | 'escape') => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onDismiss('outside');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss('escape');
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [root, open, onDismiss]);
}
