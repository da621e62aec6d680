import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 of a raw request body, hex: how the casino and a game provider prove to each other that
 * a server-to-server call is theirs (`X-Signature`). Sign the exact bytes sent; verify the exact bytes received.
 */
export function signBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function verifyBody(secret: string, body: string | Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(signBody(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Largest clock difference accepted on a signed call's `timestamp`, against replays of old captures. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60_000;
