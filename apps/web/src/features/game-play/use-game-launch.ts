import { useEffect, useEffectEvent, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Platform, type Game, type PlayBody } from '@casino/contracts';
import { useLocale, useLocalizedPath } from '@/shared/i18n';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { startGame } from './api/start-game.ts';
import type { LaunchPlan } from './launch-plan.ts';
import { useReturnToGame } from './return-to-game-store.ts';
import { startFailure } from './start-failure.ts';

/** Phones are what the layout treats as phones (below 768px, the bottom-nav breakpoint). */
const currentPlatform = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches
    ? Platform.mobile
    : Platform.desktop;

type Start = { key: string; identity: string; body: PlayBody };

/**
 * Starts the game when the plan says so. A start opens a game session on the server (a POST), so it
 * is a mutation, sent once per start and never again by itself (focus, reconnect). A start is the
 * game, mode, active account, locale and attempt: a new active account (the player switched
 * currency) or a new attempt (retry after a failed start) is a new start, and so is a new visit
 * (mount). Only the answer to the start at hand counts; a refusal of it goes to `onRefused`.
 */
export function useGameLaunch(
  game: Pick<Game, 'identity'>,
  plan: LaunchPlan,
  attempt: number,
  onRefused: (error: unknown) => void,
) {
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { country } = usePlayerInit();
  const lobbyPath = useReturnToGame((s) => s.lobbyPath);
  const launching = plan.kind === 'launch' ? plan : null;
  const key = launching
    ? JSON.stringify([game.identity, launching.demoMode, launching.accountId ?? null, locale, attempt])
    : null;

  const { mutate, data, error, variables } = useMutation({
    mutationFn: ({ identity, body }: Start) => startGame(identity, body),
  });
  const started = useRef<string | null>(null);

  const start = useEffectEvent((startKey: string) => {
    if (!launching) return;
    const body: PlayBody = {
      demoMode: launching.demoMode,
      platform: currentPlatform(),
      locale,
      lobbyUrl: localize(lobbyPath),
      ...(launching.accountId ? { accountId: launching.accountId } : {}),
      ...(/^[A-Z]{2}$/.test(country) ? { countryCode: country } : {}),
    };
    mutate(
      { key: startKey, identity: game.identity, body },
      {
        onError: (refusal) => {
          if (started.current === startKey) onRefused(refusal);
        },
      },
    );
  });

  useEffect(() => {
    // StrictMode runs a mount's effects twice: the same start is sent once.
    if (key === started.current) return;
    started.current = key;
    if (key) start(key);
  }, [key]);

  const current = key !== null && variables?.key === key;
  return {
    gameUrl: current ? data?.gameUrl : undefined,
    failure: current && error ? startFailure(error) : null,
  };
}
