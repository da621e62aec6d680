import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusStatus, type PlayerBonus } from '@casino/contracts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { cn } from '@/shared/lib/cn.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button } from '@/shared/ui/button.tsx';
import { activateModalOf, cancelModalOf } from './bonus-rules.ts';
import { useFormatDate } from './format.ts';
import './i18n/index.ts';

export type HeadingLevel = 2 | 3 | 4;

/** How far the wagering is, in money ("€12.50 of €100.00 wagered") and as a bar. */
export function WageringProgress({ bonus }: { bonus: PlayerBonus }) {
  const { t } = useTranslation();
  const money = useMoney();
  const text = t('bonuses.card.wagered', {
    current: money(bonus.currentWagerAmount, bonus.currency),
    required: money(bonus.requiredWagerCasinoAmount, bonus.currency),
  });
  const percent = Math.min(100, Math.max(0, bonus.currentWagerPercentage));
  return (
    <div className="space-y-1.5">
      <p className="flex justify-between gap-3 text-sm">
        <span className="text-fg tabular-nums">{text}</span>
        <span className="text-muted tabular-nums" aria-hidden="true">
          {Math.floor(percent)}%
        </span>
      </p>
      <progress
        value={percent}
        max={100}
        aria-label={t('bonuses.card.progress', { name: bonus.name })}
        aria-valuetext={text}
        className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-raised [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-raised [&::-webkit-progress-value]:bg-accent"
      />
    </div>
  );
}

/** The terms of a bonus as label/value rows: what to wager, the maximum bet, its dates. */
export function BonusTerms({ bonus, className }: { bonus: PlayerBonus; className?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useFormatDate();
  const toWager = useToWager();
  const rows: [string, string][] = [];
  if (bonus.status === BonusStatus.issued) rows.push([t('bonuses.card.toWager'), toWager(bonus)]);
  if (bonus.status !== BonusStatus.finished)
    rows.push([
      t('bonuses.card.maxBet'),
      bonus.maxBetAmount === null ? t('bonuses.card.noMaxBet') : money(bonus.maxBetAmount, bonus.currency),
    ]);
  if (bonus.status === BonusStatus.issued && bonus.activationExpiredAt)
    rows.push([t('bonuses.card.activateBy'), date(bonus.activationExpiredAt)]);
  if (bonus.status === BonusStatus.active && bonus.wageringExpiredAt)
    rows.push([t('bonuses.card.wagerBy'), date(bonus.wageringExpiredAt)]);
  return <TermList rows={rows} className={className} />;
}

/** What a bonus asks to be wagered, in words: "€20.00 (10× the bonus)", or that nothing is. */
export function useToWager() {
  const { t } = useTranslation();
  const money = useMoney();
  return (bonus: PlayerBonus) =>
    bonus.requiredWagerCasinoAmount > 0
      ? t('bonuses.card.toWagerValue', {
          required: money(bonus.requiredWagerCasinoAmount, bonus.currency),
          multiplier: bonus.wagerCasino,
        })
      : t('bonuses.card.nothingToWager');
}

/** Label/value rows as a definition list. */
export function TermList({ rows, className }: { rows: [string, string][]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm', className)}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right font-medium text-fg tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A bonus waiting or active: its amount, wagering, terms and what the player can do with it. */
export function BonusCard({
  bonus,
  bonuses,
  level,
}: {
  bonus: PlayerBonus;
  /** The open bonuses of the list: activating asks differently when another one is active. */
  bonuses: readonly PlayerBonus[];
  level: HeadingLevel;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const modal = useModal();
  const Heading = `h${level}` as const;
  const active = bonus.status === BonusStatus.active;
  const headingId = `bonus-${bonus.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <Heading id={headingId} className="text-lg font-semibold text-fg">
            {bonus.name}
          </Heading>
          <p
            className={cn(
              'mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
              active ? 'bg-success/12 text-success' : 'bg-accent/12 text-accent',
            )}
          >
            {t(`bonuses.status.${bonus.status}`)}
          </p>
        </div>
        <p className="shrink-0 text-right">
          <span className="block text-xs text-muted">{t('bonuses.card.amount')}</span>
          <span className="text-xl font-bold text-fg tabular-nums">{money(bonus.amount, bonus.currency)}</span>
        </p>
      </div>
      {active && (
        <div className="mt-4">
          <WageringProgress bonus={bonus} />
        </div>
      )}
      <BonusTerms bonus={bonus} className="mt-4" />
      {!active && bonus.terms?.lapsesOnStake && (
        <p className="mt-3 rounded-lg bg-warn/10 px-3 py-2 text-sm text-fg">{t('bonuses.card.lapses')}</p>
      )}
      {active && bonus.openedTransactionsCount > 0 && (
        <p className="mt-3 rounded-lg bg-warn/10 px-3 py-2 text-sm text-fg">
          {t('bonuses.card.unsettled', { count: bonus.openedTransactionsCount })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {!active && (
          <Button
            size="sm"
            aria-label={t('bonuses.card.activateNamed', { name: bonus.name })}
            onClick={() => modal.open(activateModalOf(bonus, bonuses), bonus.id)}
          >
            {t('bonuses.card.activate')}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('bonuses.card.cancelNamed', { name: bonus.name })}
          onClick={() => modal.open(cancelModalOf(bonus), bonus.id)}
        >
          {t('bonuses.card.cancel')}
        </Button>
        <DetailsButton bonus={bonus} />
      </div>
    </article>
  );
}

/** "Details", named by its bonus, opening the bonus-details modal. */
export function DetailsButton({ bonus }: { bonus: Pick<PlayerBonus, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const modal = useModal();
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={t('bonuses.card.detailsNamed', { name: bonus.name })}
      onClick={() => modal.open('bonus-details', bonus.id)}
    >
      {t('bonuses.card.details')}
    </Button>
  );
}
