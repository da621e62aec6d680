import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is within `rootMargin` of the viewport; with `once` it stays true after the
 * first time. Without IntersectionObserver (old browsers, tests) everything counts as in view, so
 * nothing is left unloaded.
 */
export function useInView(ref: RefObject<Element | null>, { rootMargin = '200px', once = true } = {}): boolean {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const done = once && inView;
  useEffect(() => {
    const el = ref.current;
    if (!el || done || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        if (!once) setInView(visible);
        else if (visible) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, rootMargin, once, done]);
  return inView;
}
