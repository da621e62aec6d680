import { useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { TOURNAMENT_LEADERBOARD_SIZE, TournamentState, type Tournament } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { useMoney } from '@/shared/lib/use-money.ts';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { useSubscription } from '@/shared/lib/use-subscription.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { useTournament } from './api.ts';
import { formatPoints } from './format.ts';
import { subscribeTournament } from './live.ts';
import { Countdown, playPath, StateBadge } from './tournament-parts.tsx';
import './i18n/index.ts';

/**
 * `/tournaments/:identity`: the rules, the countdown, the prizes, the top 10 and the player's own
 * place, the last two live while the tournament runs.
 */
export function TournamentView({ identity }: { identity: string }) {
  const { t } = useTranslation();
  const query = useTournament(identity);
  const playerId = useSession((s) => s.profile?.id ?? null);
  const status = useSession((s) => s.status);
  const tournament = query.data;
  const notFound = isApiError(query.error) && query.error.status === 404;
  usePageTitle(tournament?.title ?? (notFound ? t('tournaments.view.notFound') : null));

  useSubscription(tournament && tournament.state === 3 ? `${tournament.id}:${playerId ?? ''}` : null, () =>
    subscribeTournament(tournament!, identity, playerId),
  );

  if (query.isPending)
    return (
      <div className="space-y-6" aria-busy="true">
        <div className="h-56 animate-pulse rounded-3xl bg-surface" />
        <div className="h-96 animate-pulse rounded-3xl bg-surface" />
      </div>
    );
  if (notFound)
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('tournaments.view.notFound')}</h1>
        <LocaleLink to="/" className={`${buttonClass('primary')} mt-6`}>
          {t('tournaments.view.back')}
        </LocaleLink>
      </section>
    );
  if (!tournament)
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
        <p className="text-fg">{t('tournaments.view.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('tournaments.view.retry')}
        </Button>
      </div>
    );

  return (
    <div className="space-y-6">
      <Hero tournament={tournament} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          {status === 'player' ? (
            <>
              <OwnPlace tournament={tournament} />
              <Leaderboard tournament={tournament} playerId={playerId} />
            </>
          ) : (
            <SignInPrompt />
          )}
        </div>
        <div className="space-y-6">
          <Prizes tournament={tournament} />
          <Rules tournament={tournament} />
        </div>
      </div>
    </div>
  );
}

function Hero({ tournament }: { tournament: Tournament }) {
  const { t, i18n } = useTranslation();
  const open = tournament.state === 2 || tournament.state === 3;
  return (
    <section
      className="relative overflow-hidden rounded-3xl border border-line bg-surface px-5 py-6 sm:rounded-[2rem] sm:px-10 sm:py-9"
      aria-labelledby="tournament-title"
    >
      <div
        className="pointer-events-none absolute inset-0"
        aria-hidden="true"
        style={{
          background:
            'radial-gradient(640px 360px at 88% 0%, color-mix(in srgb, var(--accent) 22%, transparent), transparent 70%)',
        }}
      />
      <div className="relative flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <StateBadge state={tournament.state} />
          <h1
            id="tournament-title"
            className="mt-3 text-[1.75rem] font-extrabold leading-tight tracking-tight text-fg sm:text-4xl"
          >
            {tournament.title}
          </h1>
          {tournament.description && <p className="mt-3 text-base text-muted sm:text-lg">{tournament.description}</p>}
        </div>
        <div className="shrink-0 md:text-right">
          {open ? (
            <>
              <p className="text-sm font-medium text-muted">
                {t(tournament.state === 2 ? 'tournaments.view.startsIn' : 'tournaments.view.endsIn')}
              </p>
              <Countdown tournament={tournament} className="mt-1 block text-3xl font-extrabold text-fg sm:text-4xl" />
              {tournament.state === 3 && (
                <LocaleLink to={playPath(tournament)} className={`${buttonClass('primary', 'lg')} mt-4`}>
                  {t('tournaments.view.play')}
                </LocaleLink>
              )}
            </>
          ) : (
            <p className="text-sm text-muted">
              {t('tournaments.view.ended', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(tournament.endAt),
                ),
              })}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function OwnPlace({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const money = useMoney();
  const entry = tournament.playerEntry;
  return (
    <section
      aria-label={t('tournaments.view.yourPlace')}
      className="flex items-center gap-4 rounded-3xl border border-accent/40 bg-accent/10 px-5 py-4"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent/15 text-accent">
        <Icon name="crown" />
      </span>
      {entry ? (
        <div className="flex flex-1 flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <p className="text-sm text-muted">
            {t('tournaments.view.yourPlace')}{' '}
            <strong className="ml-1 text-2xl font-extrabold text-fg" data-testid="own-place">
              #{entry.place}
            </strong>
          </p>
          <p className="text-sm text-muted">
            {t('tournaments.view.points')}{' '}
            <strong className="ml-1 text-lg font-bold tabular-nums text-fg" data-testid="own-points">
              {formatPoints(entry.points, tournament, money)}
            </strong>
          </p>
        </div>
      ) : (
        <p className="text-sm text-fg">{t('tournaments.view.notPlaced')}</p>
      )}
    </section>
  );
}

function Leaderboard({ tournament, playerId }: { tournament: Tournament; playerId: string | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const headingId = useId();
  const rows = tournament.leaderboard ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-line bg-surface p-4 sm:p-6">
      <h2 id={headingId} className="mb-3 text-xl font-bold tracking-tight text-fg">
        {t('tournaments.view.leaderboard')}
      </h2>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{t('tournaments.view.noEntries')}</p>
      ) : (
        <table className="w-full table-fixed text-sm" aria-live="polite">
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-muted">
              <th scope="col" className="w-12 py-2 pl-3 font-medium">
                #
              </th>
              <th scope="col" className="py-2 font-medium">
                {t('tournaments.view.player')}
              </th>
              <th scope="col" className="w-28 py-2 pr-3 text-right font-medium">
                {t('tournaments.view.points')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              // The board is public and carries no ids: the player's row is the one the server marked,
              // or (a push) the place their own standing names.
              const mine = row.isMe === true || (playerId !== null && row.place === tournament.playerEntry?.place);
              const name = mine ? t('tournaments.view.you') : (row.nickname ?? t('tournaments.view.player'));
              return (
                <tr
                  key={row.place}
                  className={cn('border-t border-line', mine && 'bg-accent/10')}
                  aria-current={mine ? 'true' : undefined}
                >
                  <td className="py-2.5 pl-3">
                    <span
                      className={cn(
                        'grid size-7 place-items-center rounded-full text-xs font-bold',
                        row.place <= 3 ? 'bg-accent/15 text-accent' : 'text-muted',
                      )}
                    >
                      {row.place}
                    </span>
                  </td>
                  <td className={cn('truncate py-2.5 font-medium', mine ? 'font-semibold text-accent' : 'text-fg')}>
                    {name}
                  </td>
                  <td className="py-2.5 pr-3 text-right font-semibold tabular-nums text-fg">
                    {formatPoints(row.points, tournament, money)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function SignInPrompt() {
  const { t } = useTranslation();
  const { open } = useModal();
  return (
    <section className="flex flex-col items-start gap-4 rounded-3xl border border-line bg-surface p-6">
      <p className="text-fg">{t('tournaments.view.signIn')}</p>
      <Button onClick={() => open('sign-in')}>{t('tournaments.view.signInButton')}</Button>
    </section>
  );
}

function Prizes({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const headingId = useId();
  const holders = new Map((tournament.prizes ?? []).map((p) => [p.place, p.entry && { ...p.entry, place: p.place }]));
  // The player's own prize, held because they had opted out of bonuses (the server marks only theirs).
  const held = new Set((tournament.prizes ?? []).filter((p) => p.held === 'no_bonus_consent').map((p) => p.place));
  // While it runs, the leaderboard is replaced by every push and the prizes' holders are not: a place
  // the leaderboard covers takes its holder from it, so the two never name different players.
  const live = tournament.state === TournamentState.running ? tournament.leaderboard : undefined;
  const isMine = (holder: { isMe?: boolean; place?: number }) =>
    holder.isMe === true || (holder.place !== undefined && holder.place === tournament.playerEntry?.place);
  const holderOf = (place: number) =>
    live && place <= TOURNAMENT_LEADERBOARD_SIZE ? live.find((row) => row.place === place) : holders.get(place);
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-line bg-surface p-4 sm:p-6">
      <h2 id={headingId} className="mb-3 text-xl font-bold tracking-tight text-fg">
        {t('tournaments.view.prizes')}
      </h2>
      <ol className="space-y-2">
        {tournament.places.map((prize) => {
          const holder = holderOf(prize.place);
          return (
            <li key={prize.place} className="flex items-center gap-3 rounded-2xl bg-raised px-3 py-2.5">
              <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent/15 text-sm font-bold text-accent">
                {t('tournaments.view.place', { place: prize.place })}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-fg">{prize.title}</p>
                <p className="truncate text-xs text-muted">
                  {t(`tournaments.view.prizeType.${prize.type}`, { defaultValue: '' })}
                  {holder &&
                    ` · ${isMine(holder) ? t('tournaments.view.you') : (holder.nickname ?? t('tournaments.view.player'))}`}
                </p>
                {held.has(prize.place) && (
                  <p className="mt-1 text-xs text-warn">
                    {t('tournaments.view.held')}{' '}
                    <LocaleLink to="/profile/info" className="font-semibold underline underline-offset-2">
                      {t('tournaments.view.heldOptIn')}
                    </LocaleLink>
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Rules({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const money = useMoney();
  const headingId = useId();
  const { conditions } = tournament;
  const games = conditions.gameCollections?.map((c) => c.charAt(0).toUpperCase() + c.slice(1)).join(', ');
  const rules = [
    t('tournaments.view.rule.auto'),
    t(`tournaments.view.rule.${tournament.scoring}`),
    games
      ? t('tournaments.view.rule.games', { games })
      : conditions.gameIds?.length
        ? null
        : t('tournaments.view.rule.allGames'),
    conditions.minAmount !== undefined
      ? t('tournaments.view.rule.minStake', { amount: money(conditions.minAmount, tournament.baseCurrency) })
      : null,
    t('tournaments.view.rule.ties'),
    t('tournaments.view.rule.prizes'),
  ].filter((rule): rule is string => Boolean(rule));
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-line bg-surface p-4 sm:p-6">
      <h2 id={headingId} className="mb-3 text-xl font-bold tracking-tight text-fg">
        {t('tournaments.view.rules')}
      </h2>
      <ul className="space-y-2 text-sm text-muted">
        {rules.map((rule) => (
          <li key={rule} className="flex gap-2">
            <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
            <span>{rule}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
