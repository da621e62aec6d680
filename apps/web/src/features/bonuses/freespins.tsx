import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { FreespinStatus, type PlayerFreespin } from '@casino/contracts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { TermList } from './bonus-card.tsx';
import { gameQueryOf } from './freespin-game.ts';
import { useOpenFreespins } from './freespins-api.ts';
import { useFormatDate } from './format.ts';
import './i18n/index.ts';

/**
 * The game free spins are played on (its name for the card, its identity for the link). Nothing is
 * asked while the id is not known yet: a dialog opened by its address mounts before its free spins load.
 */
export const useFreespinGame = (gameId: string) => useQuery({ ...gameQueryOf(gameId), enabled: gameId !== '' });

/**
 * Free spins waiting for activation or being played, in the active account's currency: each with its
 * game, spins used, winnings so far and what the player can do. Nothing is shown while there are none.
 */
export function FreespinsBlock({ level, currency }: { level: 2 | 3; currency: string }) {
  const { t } = useTranslation();
  const spins = useOpenFreespins(currency);
  if (!spins.data?.length) return null;
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby="bonuses-freespins" className="space-y-3">
      <Heading id="bonuses-freespins" className="text-lg font-semibold text-fg">
        {t('bonuses.freespins.title')}
      </Heading>
      <div className="grid gap-3 lg:grid-cols-2">
        {spins.data.map((item) => (
          <FreespinCard key={item.id} spins={item} level={(level + 1) as 3 | 4} />
        ))}
      </div>
    </section>
  );
}

/** How many of the spins are played, in words and as a bar. */
function SpinsProgress({ spins, used }: { spins: PlayerFreespin; used: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 space-y-1.5">
      <p className="flex justify-between gap-3 text-sm">
        <span className="text-fg tabular-nums">{used}</span>
        <span className="text-muted tabular-nums" aria-hidden="true">
          {Math.floor(spins.progress)}%
        </span>
      </p>
      <progress
        value={spins.usedCount}
        max={spins.count}
        aria-label={t('bonuses.freespins.progress', { name: spins.name })}
        aria-valuetext={used}
        className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-raised [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-raised [&::-webkit-progress-value]:bg-accent"
      />
    </div>
  );
}

export function FreespinCard({ spins, level }: { spins: PlayerFreespin; level: 3 | 4 }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useFormatDate();
  const modal = useModal();
  const game = useFreespinGame(spins.gameId);
  const Heading = `h${level}` as const;
  const active = spins.status === FreespinStatus.active;
  const headingId = `freespins-${spins.id}`;
  const gameName = game.data?.name ?? t('bonuses.freespins.theGame');
  const used = t('bonuses.freespins.used', { used: spins.usedCount, count: spins.count });
  const rows: [string, string][] = [
    [t('bonuses.freespins.game'), gameName],
    [t('bonuses.freespins.stake'), money(spins.stakeAmount, spins.currency)],
  ];
  if (active) rows.push([t('bonuses.freespins.won'), money(spins.winAmount, spins.currency)]);
  if (!active && spins.activationExpiredAt) rows.push([t('bonuses.card.activateBy'), date(spins.activationExpiredAt)]);
  if (active && spins.expiredAt) rows.push([t('bonuses.freespins.playBy'), date(spins.expiredAt)]);
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <Heading id={headingId} className="text-lg font-semibold text-fg">
            {spins.name}
          </Heading>
          <p
            className={cn(
              'mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
              active ? 'bg-success/12 text-success' : 'bg-accent/12 text-accent',
            )}
          >
            {t(`bonuses.status.${spins.status}`)}
          </p>
        </div>
        <p className="shrink-0 text-right">
          <span className="block text-xs text-muted">{t('bonuses.freespins.spins')}</span>
          <span className="text-xl font-bold text-fg tabular-nums">{spins.count}</span>
        </p>
      </div>
      {active && <SpinsProgress spins={spins} used={used} />}
      <TermList rows={rows} className="mt-4" />
      <p className="mt-3 text-sm text-muted">{t('bonuses.freespins.winningsNote')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {active ? (
          game.data && (
            <LocaleLink
              // Free spins are played for real money (their stake is the grant's): never the demo.
              to={`/games/${encodeURIComponent(game.data.identity)}?real=true`}
              className={buttonClass('primary', 'sm')}
              aria-label={t('bonuses.freespins.playNamed', { game: gameName })}
            >
              {t('bonuses.freespins.play')}
            </LocaleLink>
          )
        ) : (
          <Button
            size="sm"
            aria-label={t('bonuses.card.activateNamed', { name: spins.name })}
            onClick={() => modal.open('freespins-activate', spins.id)}
          >
            {t('bonuses.card.activate')}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('bonuses.card.cancelNamed', { name: spins.name })}
          onClick={() => modal.open('freespins-cancel', spins.id)}
        >
          {t('bonuses.card.cancel')}
        </Button>
      </div>
    </article>
  );
}
