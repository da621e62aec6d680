/**
 * Who may subscribe to what. Namespaces resolve as in Centrifugo (the part before the first
 * `:`), so the same channel names work if the hub is swapped for a Centrifugo cluster.
 */
import { PUBLIC_CHANNEL_PATTERNS, PUBLIC_CHANNELS, STAFF_NAMESPACE, USER_LIMITED_NAMESPACES } from '@casino/contracts';
import { ErrorCode } from './codes.ts';

const MAX_CHANNEL_LENGTH = 255;

const userLimited: ReadonlySet<string> = new Set(USER_LIMITED_NAMESPACES);
const publicChannels: ReadonlySet<string> = new Set(PUBLIC_CHANNELS);
/** Namespaces that exist only to hold public channels (e.g. `global` for `global:online`). */
const publicNamespaces: ReadonlySet<string> = new Set(
  PUBLIC_CHANNELS.flatMap((channel) => {
    const ns = namespaceOf(channel);
    return ns === '' ? [] : [ns];
  }),
);

export function namespaceOf(channel: string): string {
  const colon = channel.indexOf(':');
  return colon === -1 ? '' : channel.slice(0, colon);
}

export type SubscribeDecision = { ok: true } | { ok: false; code: ErrorCode };

/**
 * @param userId the connection's user; '' for a guest.
 */
export function checkSubscribe(channel: string, userId: string): SubscribeDecision {
  if (channel.length > MAX_CHANNEL_LENGTH) return { ok: false, code: ErrorCode.badRequest };
  const ns = namespaceOf(channel);
  // The back office's channels: a staff connection only (players' user ids are uuids, never `staff:…`).
  if (ns === STAFF_NAMESPACE)
    return userId.startsWith('staff:') ? { ok: true } : { ok: false, code: ErrorCode.permissionDenied };
  if (ns !== '' && !userLimited.has(ns) && !publicNamespaces.has(ns))
    return { ok: false, code: ErrorCode.unknownChannel };
  if (PUBLIC_CHANNEL_PATTERNS.some((pattern) => pattern.test(channel))) return { ok: true };
  if (userLimited.has(ns)) {
    // Exactly one user after the first `#`: Centrifugo's comma lists are never needed by us, and being stricter is safe.
    const hash = channel.indexOf('#');
    const owner = hash === -1 ? '' : channel.slice(hash + 1);
    if (userId !== '' && owner === userId) return { ok: true };
    return { ok: false, code: ErrorCode.permissionDenied };
  }
  if (publicChannels.has(channel)) return { ok: true };
  return { ok: false, code: ErrorCode.permissionDenied };
}
