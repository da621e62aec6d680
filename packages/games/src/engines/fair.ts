import type { FairInput } from './types.ts';

/**
 * The provably fair random stream: bytes = HMAC-SHA256(key = serverSeed, message =
 * `${clientSeed}:${nonce}:${cursor}`) for cursor = 0, 1, 2 …; every 4 bytes (big-endian) → uint32 / 2^32,
 * a float in [0, 1). WebCrypto only, so the provider (Node 20) and the verify page (browser) compute
 * the same numbers from the same seeds.
 */

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available: use a secure context or Node 20+');
  return s;
}

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Hex sha256 of a string (UTF-8): the commitment shown before play, `sha256Hex(serverSeed)`. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', encoder.encode(text))));
}

/** Hex HMAC-SHA256 of `message` under `key` (both UTF-8 strings). */
export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const cryptoKey = await subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return toHex(new Uint8Array(await subtle().sign('HMAC', cryptoKey, encoder.encode(message))));
}

/** A fresh random seed: `bytes` random bytes as hex (server seeds use 32, client seeds 16). */
export function randomSeed(bytes = 32): string {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  return toHex(buf);
}

/** The first `count` floats in [0, 1) of the stream of one round. */
export async function fairFloats(fair: FairInput, count: number): Promise<number[]> {
  const key = await subtle().importKey(
    'raw',
    encoder.encode(fair.serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const floats: number[] = [];
  for (let cursor = 0; floats.length < count; cursor++) {
    const block = await subtle().sign('HMAC', key, encoder.encode(`${fair.clientSeed}:${fair.nonce}:${cursor}`));
    const view = new DataView(block);
    for (let offset = 0; offset + 4 <= view.byteLength && floats.length < count; offset += 4) {
      floats.push(view.getUint32(offset, false) / 2 ** 32);
    }
  }
  return floats;
}

/** floor(a × b / d) exactly, for amounts × integer multipliers (no float rounding, no 2^53 overflow inside). */
export function mulDivFloor(a: number, b: number, d: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(d));
}
