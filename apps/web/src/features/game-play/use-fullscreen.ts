import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useSearchParams } from '@/shared/router';
import { isModalName } from '@casino/contracts';

/** The Fullscreen API on one element (the game stage). iPhones have none for elements: then `supported` is false. */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  useEffect(() => {
    const update = () => setActive(document.fullscreenElement != null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);

  const toggle = useCallback(() => {
    if (document.fullscreenElement) exitFullscreen();
    else void target.current?.requestFullscreen().catch(() => {});
  }, [target]);

  return { supported, active, toggle };
}

export function exitFullscreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
}

/** A modal opens on the page, under a full-screen stage: leave full screen so it can be seen. */
export function useExitFullscreenForModals(): void {
  const [params] = useSearchParams();
  const modalOpen = [...params.keys()].some(isModalName);
  useEffect(() => {
    if (modalOpen) exitFullscreen();
  }, [modalOpen]);
}
