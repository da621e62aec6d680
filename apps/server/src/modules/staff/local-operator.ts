import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The peer address of the socket, not `request.ip`: with TRUST_PROXY a client could claim to be
 * 127.0.0.1 in X-Forwarded-For.
 */
function fromLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.has(address) || address.startsWith('127.');
}

function secretMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || !expected) return false;
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The ops CLI on the server's own machine: loopback and the per-start secret (DATA_DIR/ops-endpoint.json,
 * readable only by whoever can already read the database).
 */
export const isLocalOperator = (request: FastifyRequest, opsSecret: string): boolean =>
  fromLoopback(request) && secretMatches(request.headers['x-ops-secret'], opsSecret);
