import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Platform, type PlayBody } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { activeAccount, useAccounts } from '@/features/wallet';
import { useLocale, useLocalizedPath } from '@/shared/i18n';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { launchSportsbook } from './api/launch-sportsbook.ts';

/** Phones are what the layout treats as phones (below 768px, the bottom-nav breakpoint). */
const currentPlatform = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches
    ? Platform.mobile
    : Platform.desktop;

type Start = { key: string; body: PlayBody };

/**
 * Starts the sportsbook client: browsing-only (`demoMode`) for a guest, for real money with the active
 * account for a player. A start is the visitor, the active account, the locale and the attempt: signing
 * in or out, switching account or retrying starts it again, each time at the path the page shows now
 * (`path`, read when the start goes out: the frame's own navigation does not restart it).
 */
export function useSportsbookLaunch(path: string | null) {
  const status = useSession((s) => s.status);
  const accounts = useAccounts();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { country } = usePlayerInit();
  const [attempt, setAttempt] = useState(0);

  const player = status === 'player';
  const active = player ? activeAccount(accounts.data) : undefined;
  // A player's start waits for the accounts (their failure: the server picks the active one itself).
  const ready =
    status === 'guest' || status === 'offline' || (player && (accounts.data !== undefined || accounts.isError));
  const key = ready ? JSON.stringify([player, active?.id ?? null, locale, attempt]) : null;

  const { mutate, data, error, variables } = useMutation({
    mutationFn: ({ body }: Start) => launchSportsbook(body),
  });
  const started = useRef<string | null>(null);

  const start = useEffectEvent((startKey: string) => {
    const body: PlayBody = {
      demoMode: !player,
      platform: currentPlatform(),
      locale,
      lobbyUrl: localize('/'),
      ...(path ? { path } : {}),
      ...(active ? { accountId: active.id } : {}),
      ...(/^[A-Z]{2}$/.test(country) ? { countryCode: country } : {}),
    };
    mutate({ key: startKey, body });
  });

  useEffect(() => {
    // StrictMode runs a mount's effects twice: the same start is sent once.
    if (key === started.current) return;
    started.current = key;
    if (key) start(key);
  }, [key]);

  const current = key !== null && variables?.key === key;
  return {
    /** The start the frame shows: a new one mounts a new frame. */
    key,
    gameUrl: current ? data?.gameUrl : undefined,
    failed: current && !!error,
    retry: () => setAttempt((n) => n + 1),
  };
}
