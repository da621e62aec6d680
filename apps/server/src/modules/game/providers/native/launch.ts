import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, launchAnswerSchema, type LaunchBody, type SportsbookLaunchBody } from '@casino/contracts';
import type { AppContext } from '../../../../context.ts';
import { DomainError } from '../../../../lib/errors.ts';
import { signedPost } from '../../../../lib/signing.ts';

const LAUNCH_TIMEOUT_MS = 10_000;

/** 14310: the partner could not start the game (unreachable, or any answer but a game URL). */
export const providerUnavailable = (detail: string) =>
  new DomainError(
    ErrorCode.gameProviderUnavailable,
    `The game could not be started: ${detail}. Please try again in a moment.`,
  );

/**
 * A launch in the native protocol (docs/provider-wallet-api.md#launch): signed JSON with the game wallet
 * secret, answered with the URL to frame. The sportsbook provider is launched the same way.
 */
export async function nativeLaunchCall(
  ctx: AppContext,
  url: string,
  launch: LaunchBody | SportsbookLaunchBody,
  log: FastifyBaseLogger,
  who: string,
): Promise<string> {
  let answer;
  try {
    answer = await signedPost(ctx.gameWalletSecret, url, launch, { timeoutMs: LAUNCH_TIMEOUT_MS });
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, `${who} launch unreachable`);
    throw providerUnavailable(`the ${who} is not reachable`);
  }
  const parsed = launchAnswerSchema.safeParse(answer.json);
  if (answer.status !== 200 || !parsed.success) {
    log.warn({ requestId: answer.requestId, status: answer.status }, `${who} refused the launch`);
    throw providerUnavailable(`the ${who} answered ${answer.status}`);
  }
  return parsed.data.gameUrl;
}
