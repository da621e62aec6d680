import { useCallback, useRef, useState } from 'react';
import { useLocation } from '@/shared/router';
import { useDismiss } from './use-dismiss.ts';

/**
 * A header disclosure (button + panel) open "on this page": moving to another page closes it without
 * an effect, and Escape or a press outside close it too (useDismiss).
 */
export function usePageDisclosure() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpenOn(null), []);
  useDismiss(rootRef, buttonRef, open, close);
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  return { open, setOpen, rootRef, buttonRef };
}
