import { useQuery } from '@tanstack/react-query';
import { Platform, type Game } from '@casino/contracts';
import { useLocale, useLocalizedPath } from '@/shared/i18n';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { startGame } from './api/start-game.ts';
import type { LaunchPlan } from './launch-plan.ts';
import { useReturnToGame } from './return-to-game-store.ts';

/** Phones are what the layout treats as phones (below 768px, the bottom-nav breakpoint). */
const currentPlatform = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches
    ? Platform.mobile
    : Platform.desktop;

/**
 * Starts the game when the plan says so. The key holds everything a start depends on, so a new
 * active account (the player switched currency) or a new attempt (retry, after the max-bets modal)
 * is a new start; an unobserved start is dropped at once, so coming back starts afresh.
 */
export function useGameLaunch(game: Game, plan: LaunchPlan, attempt: number) {
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { country } = usePlayerInit();
  const lobbyPath = useReturnToGame((s) => s.lobbyPath);
  const launching = plan.kind === 'launch' ? plan : null;

  return useQuery({
    queryKey: [
      'game',
      'play',
      game.identity,
      launching?.demoMode ?? null,
      launching?.accountId ?? null,
      locale,
      attempt,
    ],
    queryFn: ({ signal }) =>
      startGame(
        game.identity,
        {
          demoMode: launching!.demoMode,
          platform: currentPlatform(),
          locale,
          lobbyUrl: localize(lobbyPath),
          ...(launching?.accountId ? { accountId: launching.accountId } : {}),
          ...(/^[A-Z]{2}$/.test(country) ? { countryCode: country } : {}),
        },
        signal,
      ),
    enabled: launching !== null,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
