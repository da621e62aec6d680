/**
 * Centrifuge client protocol v2 codes, as Centrifugo answers them (error codes 100–112, disconnect codes 3000–3999). Every error reply and every close
 * goes through the helpers here, because the client decides retry-or-give-up from exactly
 * these fields: a missing `temporary` or an empty close reason changes its behaviour.
 */

export const ErrorCode = {
  internal: 100,
  unauthorized: 101,
  unknownChannel: 102,
  permissionDenied: 103,
  methodNotFound: 104,
  alreadySubscribed: 105,
  limitExceeded: 106,
  badRequest: 107,
  notAvailable: 108,
  tokenExpired: 109,
  expired: 110,
  tooManyRequests: 111,
  unrecoverablePosition: 112,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const errorMessages: Record<ErrorCode, string> = {
  100: 'internal server error',
  101: 'unauthorized',
  102: 'unknown channel',
  103: 'permission denied',
  104: 'method not found',
  105: 'already subscribed',
  106: 'limit exceeded',
  107: 'bad request',
  108: 'not available',
  109: 'token expired',
  110: 'expired',
  111: 'too many requests',
  112: 'unrecoverable position',
};

/** The client only retries errors flagged temporary (or < 100, or 109), so these two must carry it. */
const temporaryErrors: ReadonlySet<number> = new Set([ErrorCode.internal, ErrorCode.tooManyRequests]);

export type ErrorBody = { code: number; message: string; temporary?: true };

export function errorBody(code: ErrorCode): ErrorBody {
  const body: ErrorBody = { code, message: errorMessages[code] };
  if (temporaryErrors.has(code)) body.temporary = true;
  return body;
}

export type CloseCode = { code: number; reason: string };

/** Close codes; 3000–3499 make the client reconnect, 3500–3999 are terminal. */
export const Close = {
  shutdown: { code: 3001, reason: 'shutdown' },
  internal: { code: 3004, reason: 'internal server error' },
  expired: { code: 3005, reason: 'connection expired' },
  slow: { code: 3008, reason: 'slow' },
  insufficientState: { code: 3010, reason: 'insufficient state' },
  noPong: { code: 3012, reason: 'no pong' },
  tooManyRequests: { code: 3013, reason: 'too many requests' },
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
  forceDisconnect: { code: 3503, reason: 'force disconnect' },
  /** Transport-level; the client treats it as terminal "message size limit exceeded". */
  messageTooBig: { code: 1009, reason: 'message too big' },
} as const satisfies Record<string, CloseCode>;

/** Unsubscribe-push codes: < 2500 ends the subscription, >= 2500 makes the client resubscribe (with recovery). */
export const Unsubscribe = {
  server: { code: 2000, reason: 'server unsubscribe' },
  insufficientState: { code: 2500, reason: 'insufficient state' },
} as const satisfies Record<string, CloseCode>;

/**
 * The client reads an empty close reason as "not terminal" and a JSON one as legacy advice,
 * and WebSocket limits reasons to 123 bytes: always hand it short plain text.
 */
export function closeReason(reason: string): string {
  let text = reason.trim();
  if (text === '' || parsesAsJson(text)) text = 'disconnect';
  while (Buffer.byteLength(text) > 123) text = text.slice(0, -1);
  return text;
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Codes a WebSocket endpoint may send in a Close frame (1005/1006/1015 are reserved for local use). */
export function isSendableCloseCode(code: number): boolean {
  return (code >= 3000 && code <= 4999) || (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code));
}
