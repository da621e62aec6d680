/**
 * The client's own paths (the casino keeps them in `?setIframePath=`): `/`, `/sports/<sport>`,
 * `/events/<id>`, `/my-bets`. A path is absolute, has no scheme or host, no backslash or whitespace
 * (as contracts' sportsbookPathSchema says) — checked by hand: the client carries no validation library.
 */
import type { SportId } from '../../sportsbook/api.ts';

export type Route =
  | { name: 'home' }
  | { name: 'sport'; sport: SportId }
  | { name: 'event'; id: string }
  | { name: 'my-bets' }
  | { name: 'not-found' };

export const SPORTS: readonly SportId[] = ['football', 'tennis', 'basketball', 'ice-hockey', 'esports'];

const PATH = /^\/(?![/\\])[^\s\\]*$/;

/** A path the client may go to (or be sent to): `/…`, never `//host`, `/\…`, whitespace, over 500 chars. */
export function isClientPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 500 && PATH.test(value);
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** `/events/fb-1?x#y` → the event route; anything unknown → not-found (the page then offers home). */
export function parseRoute(path: string): Route {
  if (!isClientPath(path)) return { name: 'not-found' };
  const pathname = path.split(/[?#]/, 1)[0]!;
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length === 0) return { name: 'home' };
  const [head, arg, ...rest] = parts;
  if (rest.length > 0) return { name: 'not-found' };
  if (head === 'my-bets' && arg === undefined) return { name: 'my-bets' };
  if (head === 'sports' && arg !== undefined) {
    const sport = decode(arg);
    return sport && (SPORTS as readonly string[]).includes(sport)
      ? { name: 'sport', sport: sport as SportId }
      : { name: 'not-found' };
  }
  if (head === 'events' && arg !== undefined) {
    const id = decode(arg);
    return id && id.length <= 100 ? { name: 'event', id } : { name: 'not-found' };
  }
  return { name: 'not-found' };
}

/** The canonical path of a route (what the client posts to the casino page). */
export function routePath(route: Route): string {
  switch (route.name) {
    case 'home':
    case 'not-found':
      return '/';
    case 'sport':
      return `/sports/${encodeURIComponent(route.sport)}`;
    case 'event':
      return `/events/${encodeURIComponent(route.id)}`;
    case 'my-bets':
      return '/my-bets';
  }
}
