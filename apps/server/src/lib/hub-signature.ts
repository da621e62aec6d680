import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The body-only signature of aggregators of the "hub" kind (Lantern: docs/lantern-wallet-api.md):
 * `X-Hub-Signature: sha256=<lower-case hex HMAC-SHA256(secret, raw body)>`. The body carries its own
 * `timestamp`, so a signed body is good for a few minutes only.
 */
export const HUB_SIGNATURE_HEADER = 'x-hub-signature';

export const hubSignature = (secret: string, raw: string): string =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Whether `header` is the signature of `raw` under one of `secrets` (constant-time compare). */
export function hubSignatureValid(secrets: readonly string[], raw: string, header: string | undefined): boolean {
  if (!header || !/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  const given = Buffer.from(header);
  return secrets.some((secret) => {
    const expected = Buffer.from(hubSignature(secret, raw));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** POSTs `body` as JSON signed with `secret`. Throws only when no answer arrived (network, timeout). */
export async function hubSignedPost(
  secret: string,
  url: string,
  body: unknown,
  options: { timeoutMs: number },
): Promise<{ status: number; json: unknown }> {
  const raw = JSON.stringify(body);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature': hubSignature(secret, raw) },
    body: raw,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, json };
}
