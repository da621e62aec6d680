/**
 * The frame ↔ casino page messages (contracts: sportsbookFrameMessageSchema / sportsbookParentMessageSchema).
 * The client posts only to the casino page's origin, never '*', and accepts only the parent window's
 * messages from that origin, shaped exactly `{ source: 'casino', type: 'navigate', path }`.
 */
import { isClientPath } from './router.ts';

export type FrameMessage =
  | { source: 'sportsbook'; type: 'ready' }
  | { source: 'sportsbook'; type: 'route'; path: string }
  | { source: 'sportsbook'; type: 'login' }
  | { source: 'sportsbook'; type: 'deposit' };

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin, protocol } = new URL(url);
    return (protocol === 'https:' || protocol === 'http:') && origin !== 'null' ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The casino page's origin: the first ancestor origin where the browser tells it (Chromium, WebKit),
 * else the referrer's origin (the page that framed us). null: not known — nothing is posted then.
 */
export function parentOrigin(referrer: string, ancestorOrigins?: ArrayLike<string> | null): string | null {
  const ancestor = ancestorOrigins && ancestorOrigins.length > 0 ? originOf(ancestorOrigins[0]) : null;
  return ancestor ?? originOf(referrer);
}

/** The path of a valid `navigate` message, else null (extra keys, other types, bad paths are refused). */
export function navigatePath(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const keys = Object.keys(data).sort();
  if (keys.length !== 3 || keys[0] !== 'path' || keys[1] !== 'source' || keys[2] !== 'type') return null;
  const { source, type, path } = data as Record<string, unknown>;
  if (source !== 'casino' || type !== 'navigate' || !isClientPath(path)) return null;
  return path;
}

export type ParentLink = {
  readonly origin: string | null;
  post(message: FrameMessage): void;
  /** Calls `onNavigate` for every valid navigate message from the parent; returns the unsubscribe. */
  listen(onNavigate: (path: string) => void): () => void;
};

export function connectParent(win: Window = window): ParentLink {
  const framed = win.parent !== win;
  const origin = framed ? parentOrigin(win.document.referrer, win.location.ancestorOrigins) : null;
  return {
    origin,
    post(message) {
      if (framed && origin) win.parent.postMessage(message, origin);
    },
    listen(onNavigate) {
      const handler = (event: MessageEvent) => {
        if (!framed || !origin || event.source !== win.parent || event.origin !== origin) return;
        const path = navigatePath(event.data);
        if (path !== null) onNavigate(path);
      };
      win.addEventListener('message', handler);
      return () => win.removeEventListener('message', handler);
    },
  };
}
