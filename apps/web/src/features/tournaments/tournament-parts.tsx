import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Tournament } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { buttonClass } from '@/shared/ui/button.tsx';
import { useMoney } from '@/shared/lib/use-money.ts';
import { countdownText, formatPoints } from './format.ts';
import { useNow } from './use-now.ts';
import './i18n/index.ts';

/** Where "Play now" leads: the first collection the tournament counts, its one game, or every game. */
export function playPath(tournament: Pick<Tournament, 'conditions'>): string {
  const collection = tournament.conditions.gameCollections?.[0];
  if (collection) return `/categories/${encodeURIComponent(collection)}`;
  const games = tournament.conditions.gameIds ?? [];
  if (games.length === 1) return `/games/${encodeURIComponent(games[0]!)}?real=true`;
  return '/categories';
}

/** "Live" (pulsing) or "Upcoming"/"Finished". */
export function StateBadge({ state, className }: { state: number; className?: string }) {
  const { t } = useTranslation();
  const live = state === 3;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold uppercase tracking-wide',
        live ? 'bg-accent/15 text-accent' : 'bg-raised text-muted',
        className,
      )}
    >
      {live && <span className="size-1.5 rounded-full bg-accent motion-safe:animate-pulse" aria-hidden="true" />}
      {t(`tournaments.view.state.${state}`, { defaultValue: '' })}
    </span>
  );
}

/** The time left to the end (running) or the start (upcoming), ticking. */
export function Countdown({ tournament, className }: { tournament: Tournament; className?: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const upcoming = tournament.state === 2;
  const target = Date.parse(upcoming ? tournament.startAt : tournament.endAt);
  return (
    <time dateTime={upcoming ? tournament.startAt : tournament.endAt} className={cn('tabular-nums', className)}>
      {countdownText(target, now, (count) => t('tournaments.countdown.days', { count }))}
    </time>
  );
}

/**
 * A tournament card for the lobby and the game page. `wide`: the only one on show, a banner across the
 * row (its details left, the countdown and the way in right).
 */
export function TournamentCard({
  tournament,
  compact = false,
  wide = false,
}: {
  tournament: Tournament;
  compact?: boolean;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const first = tournament.places[0];
  const upcoming = tournament.state === 2;
  const link = (
    <LocaleLink
      to={`/tournaments/${encodeURIComponent(tournament.identity)}`}
      className={cn(buttonClass(wide ? 'primary' : 'secondary', wide ? 'md' : 'sm'), 'shrink-0 whitespace-nowrap')}
      aria-label={`${t('tournaments.section.open')}: ${tournament.title}`}
    >
      {t('tournaments.section.open')}
    </LocaleLink>
  );
  const countdown = (
    <p className={cn('whitespace-nowrap text-sm text-muted', wide && 'md:text-right')}>
      {t(upcoming ? 'tournaments.view.startsIn' : 'tournaments.view.endsIn')}{' '}
      <Countdown
        tournament={tournament}
        className={cn('font-semibold text-fg', wide && 'md:mt-1 md:block md:text-3xl md:font-extrabold')}
      />
    </p>
  );
  return (
    <article
      aria-label={tournament.title}
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-surface',
        compact ? 'p-4' : 'p-5 sm:p-6',
        wide && 'md:flex-row md:items-center md:gap-8 md:px-8',
      )}
    >
      <div
        className="pointer-events-none absolute inset-0"
        aria-hidden="true"
        style={{
          background: wide
            ? 'radial-gradient(520px 260px at 92% 0%, color-mix(in srgb, var(--accent) 20%, transparent), transparent 70%)'
            : 'radial-gradient(420px 220px at 100% 0%, color-mix(in srgb, var(--accent) 16%, transparent), transparent 70%)',
        }}
      />
      <div className="relative min-w-0 flex-1">
        <div className="flex items-center justify-between gap-3">
          <StateBadge state={tournament.state} />
          {!wide && countdown}
        </div>
        <h3
          className={cn('mt-3 font-bold tracking-tight text-fg', compact ? 'text-lg' : wide ? 'text-2xl' : 'text-xl')}
        >
          {tournament.title}
        </h3>
        {first && (
          <p className="mt-1 text-sm text-muted">{t('tournaments.section.firstPrize', { prize: first.title })}</p>
        )}
        {wide && tournament.description && (
          <p className="mt-2 line-clamp-2 hidden max-w-2xl text-sm text-muted md:block">{tournament.description}</p>
        )}
      </div>
      {wide ? (
        <div className="relative mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-3 md:mt-0 md:flex-col md:flex-nowrap md:items-end">
          {countdown}
          {link}
        </div>
      ) : (
        <div className="relative mt-auto pt-4">{link}</div>
      )}
    </article>
  );
}

/** A tournament that has ended: its winners (masked names, as everyone sees them) and the way to the results. */
export function ResultsCard({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const money = useMoney();
  const winners = (tournament.prizes ?? []).filter((p) => p.entry).slice(0, 3);
  return (
    <article
      aria-label={tournament.title}
      className="relative flex h-full flex-col overflow-hidden rounded-3xl border border-line bg-surface p-5 sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <StateBadge state={tournament.state} />
        <p className="text-sm text-muted">
          {t('tournaments.view.ended', {
            date: new Date(tournament.endAt).toLocaleString(document.documentElement.lang || undefined, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </p>
      </div>
      <h3 className="mt-3 text-xl font-bold tracking-tight text-fg">{tournament.title}</h3>
      {winners.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t('tournaments.section.noWinners')}</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm" aria-label={t('tournaments.section.winners')}>
          {winners.map((prize) => (
            <li key={prize.place} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-fg">
                <span className="font-semibold text-accent">{t('tournaments.view.place', { place: prize.place })}</span>{' '}
                {prize.entry!.nickname ?? t('tournaments.view.player')}
              </span>
              <span className="shrink-0 tabular-nums text-muted">
                {formatPoints(prize.entry!.points, tournament, money)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="relative mt-auto pt-4">
        <LocaleLink
          to={`/tournaments/${encodeURIComponent(tournament.identity)}`}
          className={cn(buttonClass('secondary', 'sm'), 'shrink-0 whitespace-nowrap')}
          aria-label={`${t('tournaments.section.results')}: ${tournament.title}`}
        >
          {t('tournaments.section.results')}
        </LocaleLink>
      </div>
    </article>
  );
}
