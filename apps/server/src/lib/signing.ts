import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Signed server-to-server calls: the casino and each partner (game provider now; payment provider and
 * webhooks next) prove a call is theirs and is exactly this call. The HMAC-SHA256 covers a version,
 * the timestamp, the request id, the method, the path with its query and the exact body bytes, so a
 * signed bet cannot be posted to `/win`, a body cannot be swapped, and an old capture is refused by
 * its timestamp; a request id seen before is refused by the receiver's replay guard.
 *
 * Headers: `X-Request-Id: <id>` and `X-Signature: t=<ms since epoch>,v1=<lower-case hex HMAC>`.
 */

/** Largest clock difference accepted on a signed call, against replays of old captures. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60_000;

export type SignedCall = { method: string; path: string; body: string };
export type Signed = { requestId: string; timestamp: number };

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const SIGNATURE = /^t=(\d{1,16}),v1=([0-9a-f]{64})$/;

function mac(secret: string, call: SignedCall, signed: Signed): Buffer {
  const canonical = `v1\n${signed.timestamp}\n${signed.requestId}\n${call.method.toUpperCase()}\n${call.path}\n`;
  return createHmac('sha256', secret).update(canonical).update(call.body).digest();
}

/** The headers that sign `call` (a new request id and the current time unless given). */
export function signCall(secret: string, call: SignedCall, signed: Partial<Signed> = {}): Record<string, string> {
  const full = { requestId: signed.requestId ?? randomUUID(), timestamp: signed.timestamp ?? Date.now() };
  return {
    'x-request-id': full.requestId,
    'x-signature': `t=${full.timestamp},v1=${mac(secret, call, full).toString('hex')}`,
  };
}

export class SignatureError extends Error {}

/**
 * Checks the headers of a received call; throws SignatureError with the reason a partner can act on.
 * Several secrets: the current one and, during a rotation, the previous one (either signature passes).
 */
export function verifyCall(
  secrets: string | readonly string[],
  call: SignedCall,
  headers: { signature: string | undefined; requestId: string | undefined },
  now = Date.now(),
): Signed {
  const requestId = headers.requestId ?? '';
  if (!REQUEST_ID.test(requestId)) throw new SignatureError('The X-Request-Id header is missing or malformed');
  const match = SIGNATURE.exec(headers.signature ?? '');
  if (!match) throw new SignatureError('The X-Signature header is missing or malformed (t=<ms>,v1=<hex>)');
  const signed = { requestId, timestamp: Number(match[1]) };
  const given = Buffer.from(match[2]!, 'hex');
  if (![secrets].flat().some((secret) => timingSafeEqual(mac(secret, call, signed), given))) {
    throw new SignatureError('The X-Signature header does not match this call');
  }
  if (Math.abs(now - signed.timestamp) > SIGNATURE_MAX_SKEW_MS) {
    throw new SignatureError('The signature timestamp is more than 5 minutes away from now');
  }
  return signed;
}

export type SignedPostResult = { requestId: string; status: number; json: unknown };

/**
 * POSTs `body` as signed JSON. Throws only when no answer arrived (network, timeout); any HTTP
 * answer is returned for the caller to read with its contract.
 */
export async function signedPost(
  secret: string,
  url: string,
  body: unknown,
  options: { timeoutMs: number; requestId?: string },
): Promise<SignedPostResult> {
  const raw = JSON.stringify(body);
  const target = new URL(url);
  const headers = signCall(
    secret,
    { method: 'POST', path: `${target.pathname}${target.search}`, body: raw },
    options.requestId ? { requestId: options.requestId } : {},
  );
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const json = await response.json().catch(() => null);
  return { requestId: headers['x-request-id']!, status: response.status, json };
}
