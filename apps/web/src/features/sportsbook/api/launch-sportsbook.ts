import { SPORTSBOOK_GAME_IDENTITY, type PlayBody, type PlayResult } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

/**
 * `POST /api/game/games/sportsbook/play` → `{ gameUrl, token }`: the sportsbook starts like a game
 * (a guest's browsing-only client with `demoMode`, a player's with the active account).
 */
export function launchSportsbook(body: PlayBody): Promise<PlayResult> {
  return api<PlayResult>('POST', `/api/game/games/${SPORTSBOOK_GAME_IDENTITY}/play`, { body });
}
