import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode, type ExclusionKind } from '@casino/contracts';
import { DomainError } from '../../lib/errors.ts';

/**
 * A sign-in refused for a self-exclusion or cooling-off. The player is answered as for any refusal;
 * `playerId` stays on the server (the error envelope carries only the code, message and details).
 */
export class ExcludedSignIn extends DomainError {
  constructor(
    readonly playerId: string,
    readonly reason: ExclusionKind,
    until: string | null,
    message: string,
  ) {
    super(ErrorCode.accountExcluded, message, undefined, { until, reason });
  }
}

/** Told of each such refusal (the alerts module raises an alert for staff). */
export type ExcludedSignInPort = (refusal: { playerId: string; reason: ExclusionKind; ip: string }) => Promise<void>;

/**
 * Tells `port` of every excluded sign-in the player routes refuse. After the route failed, so outside
 * the sign-in's own transaction (which rolled back); a failure here never changes the player's answer.
 */
export function reportExcludedSignIns(
  app: Parameters<FastifyPluginAsyncZod>[0],
  port: ExcludedSignInPort | undefined,
): void {
  if (!port) return;
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof ExcludedSignIn)) return;
    await port({ playerId: error.playerId, reason: error.reason, ip: request.ip }).catch((err: unknown) =>
      request.log.error({ err }, 'an excluded sign-in could not be reported'),
    );
  });
}
