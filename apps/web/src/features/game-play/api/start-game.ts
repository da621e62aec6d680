import type { PlayBody, PlayResult } from '@casino/contracts';
import { api } from '@/shared/lib/http.ts';

/**
 * `POST /api/game/games/:identity/play` → `{ gameUrl, token }`. Game-start refusals (limits, country,
 * restricted bets, no demo) are 403s with their own code: `api()` leaves the session alone for those.
 */
export function startGame(identity: string, body: PlayBody, signal?: AbortSignal): Promise<PlayResult> {
  return api<PlayResult>('POST', `/api/game/games/${encodeURIComponent(identity)}/play`, { body, signal });
}
