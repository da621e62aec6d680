import { createHash } from 'node:crypto';

/** Fixed namespace of this platform's catalogue ids (any constant works; it must never change). */
const NAMESPACE = Buffer.from('4f6b3c2e9d1a4b7e8c5f0a1d2e3b4c5d', 'hex');

/**
 * RFC 4122 version 5 UUID (sha1 of namespace + name): the same catalogue entry gets the same id on
 * every install, so links, favourites and histories survive a re-seed or a fresh database.
 */
export function nameUuid(kind: 'game' | 'provider' | 'collection', identity: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${kind}:${identity}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
