import type { FastifyRequest } from 'fastify';

/**
 * A route's budget per signed-in player, a guest's per address. Counted after the auth guard (onRequest)
 * and before validation, so a malformed request counts too and the key is the player, not their
 * address: a mobile network or an office puts thousands of players behind one address, and one
 * player's budget must not be spent by the others.
 */
export const perPlayer = (name: string, max: number, timeWindow = '1 minute') => ({
  rateLimit: {
    max,
    timeWindow,
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.auth?.playerId ?? request.ip}`,
  },
});
