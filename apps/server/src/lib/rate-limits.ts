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

/**
 * A sign-in's coarse flood guard, per address and login (`field` of the body): an office or a mobile
 * network is many people behind one address. Keyed after validation, so the key holds the login as parsed.
 */
export const perAddressAndLogin = (name: string, max: number, field: string) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      `${name}:${request.ip}:${(request.body as Record<string, string | undefined> | undefined)?.[field] ?? ''}`,
  },
});
