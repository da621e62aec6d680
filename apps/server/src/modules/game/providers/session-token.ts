import { randomBytes } from 'node:crypto';
import { LANTERN_ID } from './lantern/id.ts';

/**
 * The aggregators whose session tokens carry their mark (`<id>_`). The native aggregator's carry none:
 * it came first, and its sessions opened before marks must go on playing. A new aggregator adds its id.
 */
const MARKED: readonly string[] = [LANTERN_ID];
const markOf = (aggregator: string) => `${aggregator}_`;
const isMarked = (token: string) => MARKED.some((aggregator) => token.startsWith(markOf(aggregator)));

/**
 * A real-money game session's token: 32 random bytes, base64url (43 characters), after the
 * aggregator's mark, so a wallet route tells a session of another aggregator by its token alone,
 * without a lookup on the money path. The partners' protocols take [A-Za-z0-9_-] only, so the mark is
 * in that alphabet, and an unmarked token that happens to begin like a mark is drawn again.
 */
export function newSessionToken(aggregator: string): string {
  for (;;) {
    const secret = randomBytes(32).toString('base64url');
    if (MARKED.includes(aggregator)) return `${markOf(aggregator)}${secret}`;
    if (!isMarked(secret)) return secret;
  }
}

/** Whether a token may name a session of the native aggregator's games (one marked as another's may not). */
export const isNativeToken = (token: string): boolean => !isMarked(token);
