import { useId, useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Winner } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { useMoney } from '@/shared/lib/use-money.ts';
import { useSubscription } from '@/shared/lib/use-subscription.ts';
import { LocaleLink } from '@/shared/i18n';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { useWinners } from '../api/get-winners.ts';
import { gameArt } from '../lib/images.ts';
import { usePlatform } from '../lib/media.ts';
import { gamePath } from '../lib/paths.ts';
import { useInView } from '../lib/use-in-view.ts';
import { subscribeWinners } from '../lib/winners-live.ts';
import { GameArt } from './game-art.tsx';

const COUNTRY = /^[A-Z]{2}$/;

/** The country whose winners are shown: the player's, else the one the visitor is browsing from. */
function useWinnersCountry(): string {
  const profileCountry = useSession((s) => s.profile?.country);
  const { country } = usePlayerInit();
  const pick = profileCountry || country;
  return COUNTRY.test(pick) ? pick : '';
}

/**
 * The latest wins (12, one per game), updated live. The list loads when the strip nears the
 * viewport; the push subscription (and the code for it) exists only while the strip is on screen.
 */
export function WinnersFeed() {
  const { t } = useTranslation();
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const near = useInView(box, { rootMargin: '300px' });
  const visible = useInView(box, { rootMargin: '0px', once: false });
  const platform = usePlatform();
  const country = useWinnersCountry();
  const winners = useWinners(platform, country, { enabled: near });
  const money = useMoney();

  // Live only while on screen; without the channel the strip simply stays as loaded.
  useSubscription(visible && country ? `${platform}:${country}` : null, () => subscribeWinners(platform, country));

  const list = winners.data ?? [];
  // The box stays even when there is nothing to show: it is what the viewport observers watch.
  if (winners.isError || (winners.isSuccess && list.length === 0)) return <div ref={box} />;
  return (
    <div ref={box}>
      <section aria-labelledby={headingId} className="rounded-3xl border border-line bg-surface/60 p-4 sm:p-5">
        <div className="mb-3 flex items-center gap-2">
          <span className="relative flex size-2.5" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-accent opacity-60 [animation-iteration-count:3] motion-reduce:hidden" />
            <span className="relative inline-flex size-2.5 rounded-full bg-accent" />
          </span>
          <h2 id={headingId} className="text-lg font-bold tracking-tight text-fg">
            {t('games.winners.title')}
          </h2>
        </div>
        <ul
          aria-label={t('games.winners.title')}
          aria-busy={!winners.data}
          className="-mx-1 flex gap-3 overflow-x-auto px-1 pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {winners.data
            ? list.map((winner) => (
                <li key={winner.gameId} className="w-56 shrink-0">
                  <WinnerItem winner={winner} amount={money(winner.payout, winner.currency)} />
                </li>
              ))
            : Array.from({ length: 4 }, (_, i) => (
                <li key={i} aria-hidden="true" className="h-16 w-56 shrink-0 animate-pulse rounded-2xl bg-raised" />
              ))}
        </ul>
      </section>
    </div>
  );
}

function WinnerItem({ winner, amount }: { winner: Winner; amount: string }) {
  const { t } = useTranslation();
  return (
    // The API names the game by id here; the game page takes an id as well as an identity.
    <LocaleLink
      to={gamePath(winner.gameId)}
      className="flex items-center gap-3 rounded-2xl bg-raised/70 p-2 pr-3 transition-colors hover:bg-raised"
      data-testid="winner"
    >
      <GameArt
        set={gameArt({ images: winner.gameImages, customImages: winner.gameCustomImages }, '200x200')}
        alt={winner.gameName}
        decorative
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-xl"
      />
      <span className="min-w-0">
        <span className="block truncate text-xs text-muted">
          {t('games.winners.won', { nickname: winner.nickname })}
        </span>
        <span className="block truncate text-sm font-bold text-accent">{amount}</span>
        <span className="block truncate text-xs text-fg">{winner.gameName}</span>
      </span>
    </LocaleLink>
  );
}
