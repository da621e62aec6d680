import type { SessionEndReason } from '@casino/contracts';

/**
 * Why the server ended this tab's session, kept from the refusal until the sign-in dialog tells the
 * player ('unknown': it ended, the server did not say why). Read once: a later visit to sign-in is
 * an ordinary one.
 */
export type SessionEnd = SessionEndReason | 'unknown';

let ended: SessionEnd | null = null;

export function noteSessionEnd(reason: SessionEnd): void {
  ended = reason;
}

/** Read during render (a render that suspends is thrown away, so reading must not forget). */
export const peekSessionEnd = (): SessionEnd | null => ended;

/** Once the dialog has shown it. */
export function forgetSessionEnd(): void {
  ended = null;
}
