import type { FastifyBaseLogger } from 'fastify';
import { lanternLaunchAnswerSchema, Platform, type LanternLaunchBody, type LaunchBody } from '@casino/contracts';
import type { AppContext } from '../../../../context.ts';
import { hubSignedPost } from '../../../../lib/hub-signature.ts';
import { providerUnavailable } from '../native/launch.ts';
import { LANTERN_ID } from './id.ts';

const LAUNCH_TIMEOUT_MS = 10_000;

/** The casino's launch in Lantern's words (docs/lantern-wallet-api.md#launch). */
export function lanternLaunchOf(launch: LaunchBody, now = new Date()): LanternLaunchBody {
  const locale = (launch.locale ?? 'en').toLowerCase();
  return {
    game_id: launch.gameIdentity,
    mode: launch.mode,
    session_id: launch.token ?? null,
    player_id: launch.mode === 'real' ? (launch.playerId ?? null) : null,
    currency: launch.currency,
    language: /^[a-z]{2}(-[a-z]{2})?$/.test(locale) ? locale : 'en',
    lobby_url: launch.lobbyUrl ?? '/',
    device: launch.platform === Platform.mobile ? 'mobile' : 'desktop',
    timestamp: Math.floor(now.getTime() / 1000),
  };
}

/** `POST {LANTERN_URL}/api/launch`, signed with Lantern's secret; the URL to frame. */
export async function lanternLaunch(ctx: AppContext, launch: LaunchBody, log: FastifyBaseLogger): Promise<string> {
  const config = ctx.config.game.aggregators.lantern;
  if (!config) throw providerUnavailable('the Lantern aggregator is not configured');
  const base = config.url ?? `${ctx.selfUrl()}/sandbox/lantern`;
  let answer;
  try {
    answer = await hubSignedPost(
      ctx.aggregatorSecrets[LANTERN_ID]!.current,
      `${base}/api/launch`,
      lanternLaunchOf(launch),
      {
        timeoutMs: LAUNCH_TIMEOUT_MS,
      },
    );
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'lantern launch unreachable');
    throw providerUnavailable('the game aggregator is not reachable');
  }
  const parsed = lanternLaunchAnswerSchema.safeParse(answer.json);
  if (answer.status !== 200 || !parsed.success) {
    log.warn({ status: answer.status }, 'lantern refused the launch');
    throw providerUnavailable(`the game aggregator answered ${answer.status}`);
  }
  return parsed.data.url;
}
