import { create } from 'zustand';

export type ToastType = 'error' | 'warn' | 'success' | 'default';
export type ToastInput = { type?: ToastType; title: string; description?: string; duration?: number };
export type ToastItem = { id: number; type: ToastType; title: string; description?: string };

/** Spec point 9: 3 s on screen; toasts arriving close together are shown 400 ms apart. */
export const TOAST_DURATION = 3000;
export const TOAST_GAP = 400;

type ToastState = { toasts: ToastItem[] };
export const useToasts = create<ToastState>(() => ({ toasts: [] }));

let nextId = 1;
let lastShownAt = -Infinity;
const timers = new Set<ReturnType<typeof setTimeout>>();

function later(fn: () => void, ms: number) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    fn();
  }, ms);
  timers.add(timer);
}

/** Shows a toast (title and description are text, never HTML). Returns its id. */
export function toast({ type = 'default', title, description, duration = TOAST_DURATION }: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = description === undefined ? { id, type, title } : { id, type, title, description };
  const now = Date.now();
  const showAt = Math.max(now, lastShownAt + TOAST_GAP);
  lastShownAt = showAt;
  const show = () => {
    useToasts.setState((s) => ({ toasts: [...s.toasts, item] }));
    later(() => dismissToast(id), duration);
  };
  if (showAt > now) later(show, showAt - now);
  else show();
  return id;
}

export function dismissToast(id: number) {
  useToasts.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

/** Hides every toast, shown or queued (on path change). */
export function clearToasts() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  lastShownAt = -Infinity;
  useToasts.setState({ toasts: [] });
}
