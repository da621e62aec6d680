import { useDeferredValue, useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { useLastFinishedTournament, useLiveTournaments } from './api.ts';
import { ResultsCard, TournamentCard } from './tournament-parts.tsx';
import './i18n/index.ts';

/**
 * The lobby's tournaments: running and upcoming ones (an upcoming one counts down to its start), up to
 * three, then the last one that ended with its winners — a tournament does not vanish when it ends.
 * Nothing when there is none of either.
 */
export function TournamentsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  // Drawn in a time-sliced background render when it arrives, not in one blocking render.
  const live = useDeferredValue(useLiveTournaments({ perPage: 3 }).data);
  const finished = useDeferredValue(useLastFinishedTournament().data);
  if (!live) return null;
  const tournaments = finished && live.length < 3 ? [...live, finished] : live;
  if (tournaments.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-2xl font-bold tracking-tight text-fg">
        {t('tournaments.section.title')}
      </h2>
      {/* One column of minmax(0, 1fr), not the implicit auto column: a card must not widen the page on a phone. */}
      <ul className={cn('grid grid-cols-1', tournaments.length > 1 && 'gap-4 md:grid-cols-2 xl:grid-cols-3')}>
        {tournaments.map((tournament) => (
          <li key={tournament.id}>
            {tournament.state === 4 ? (
              <ResultsCard tournament={tournament} />
            ) : (
              <TournamentCard tournament={tournament} wide={tournaments.length === 1} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** On a game page: the running tournaments this game counts in; nothing when none. */
export function GameTournaments({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useLiveTournaments({ gameId, perPage: 2 });
  const running = (list.data ?? []).filter((tournament) => tournament.state === 3);
  if (running.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-bold tracking-tight text-fg">
        {t('tournaments.section.gameTitle')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {running.map((tournament) => (
          <li key={tournament.id}>
            <TournamentCard tournament={tournament} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
