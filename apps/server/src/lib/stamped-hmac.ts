import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A partner's signature scheme of the Stripe kind, as Orbit uses it (docs/orbit-api.md): one header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. The timestamp is inside the HMAC, so a
 * capture cannot be replayed after the tolerance; within it, the receiver applies each event once.
 */

/** Largest clock difference accepted, in seconds. */
export const STAMP_TOLERANCE_S = 300;

const HEADER = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

const mac = (secret: string, t: number, payload: string) =>
  createHmac('sha256', secret).update(`${t}.`).update(payload).digest();

/** The header value that signs `payload` now (or at `t`). */
export function stamp(secret: string, payload: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${mac(secret, t, payload).toString('hex')}`;
}

/** Why a stamped signature was refused (the partner can act on it). */
export class StampError extends Error {}

/** Checks a header against the current secret or, during a rotation, the previous one; throws StampError. */
export function verifyStamp(
  secrets: readonly string[],
  header: string | undefined,
  payload: string,
  now = Date.now(),
): void {
  const match = HEADER.exec(header ?? '');
  if (!match) throw new StampError('The signature header is missing or malformed (t=<unix seconds>,v1=<hex>)');
  const t = Number(match[1]);
  const given = Buffer.from(match[2]!, 'hex');
  if (!secrets.some((secret) => timingSafeEqual(mac(secret, t, payload), given)))
    throw new StampError('The signature does not match this body');
  if (Math.abs(now / 1000 - t) > STAMP_TOLERANCE_S)
    throw new StampError(`The signature timestamp is more than ${STAMP_TOLERANCE_S} seconds away from now`);
}

/** What Orbit's API calls sign: the method, the path with its query, and the body. */
export const apiPayload = (method: string, path: string, body: string) => `${method.toUpperCase()} ${path}\n${body}`;
