import type { BonusTerms } from '@casino/contracts';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { cn } from '@/shared/lib/cn.ts';
import { useMoney } from '@/shared/lib/use-money.ts';
import './i18n/index.ts';

/** Game types in the order players know them; an operator's other types follow by name. */
const KNOWN_TYPES = ['slots', 'crash', 'dice', 'roulette'];

/**
 * A bonus's rules as a player reads them, each from the terms' data (the definition's, or the rule a
 * given bonus copied): which rounds count and at what weight, the wagering and its time, the maximum
 * bet, how money is used and wins are split, what switching and completion do, and when a waiting
 * bonus lapses. One component: the promotions page, the bonus details and the deposit form's offer.
 * `waiting`: the bonus is not active yet (the activation rules apply); an active one leaves them out.
 */
export function BonusTermsList({
  terms,
  waiting = true,
  className,
}: {
  terms: BonusTerms;
  waiting?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const m = (amount: number) => money(amount, terms.currency);
  const typeName = (type: string) => t(`wallet.terms.gameType.${type}`, { defaultValue: type });
  const counted = Object.entries(terms.contributions)
    .filter(([, share]) => share > 0)
    .sort(([a, x], [b, y]) => y - x || rank(a) - rank(b) || a.localeCompare(b))
    .map(([type, share]) => t('wallet.terms.weight', { type: typeName(type), share }));
  const rules: [string, string][] = [
    [
      t('wallet.terms.wageringTitle'),
      terms.wagerMultiplier > 0
        ? t('wallet.terms.wagering', { multiplier: terms.wagerMultiplier, count: terms.wageringDays })
        : t('wallet.terms.noWagering'),
    ],
    [
      t('wallet.terms.roundsTitle'),
      [
        t('wallet.terms.rounds'),
        counted.length > 0 ? t('wallet.terms.weights', { weights: counted.join(', ') }) : t('wallet.terms.noWeights'),
        terms.excludedGames.length > 0
          ? t('wallet.terms.excluded', { games: terms.excludedGames.map((g) => g.name).join(', ') })
          : '',
      ]
        .filter(Boolean)
        .join(' '),
    ],
    [
      t('wallet.terms.maxBetTitle'),
      terms.maxBet === null ? t('wallet.terms.noMaxBet') : t('wallet.terms.maxBet', { amount: m(terms.maxBet) }),
    ],
    [t('wallet.terms.moneyTitle'), t('wallet.terms.money')],
    [t('wallet.terms.winsTitle'), t('wallet.terms.wins')],
    [t('wallet.terms.switchTitle'), t('wallet.terms.switch')],
    [
      t('wallet.terms.completionTitle'),
      `${
        terms.maxConversion === null
          ? t('wallet.terms.completionAll')
          : t('wallet.terms.completionCapped', { amount: m(terms.maxConversion) })
      } ${t('wallet.terms.lost')}`,
    ],
  ];
  if (waiting)
    rules.push([
      t('wallet.terms.activationTitle'),
      [
        terms.activationDays !== null ? t('wallet.terms.activation', { count: terms.activationDays }) : '',
        terms.lapsesOnStake ? t('wallet.terms.lapses') : '',
      ]
        .filter(Boolean)
        .join(' ') || t('wallet.terms.activationAny'),
    ]);
  return (
    <dl className={cn('space-y-2.5 text-sm', className)}>
      {rules.map(([title, text]) => (
        <div key={title}>
          <dt className="font-semibold text-fg">{title}</dt>
          <dd className="text-muted">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

const rank = (type: string) => {
  const at = KNOWN_TYPES.indexOf(type);
  return at < 0 ? KNOWN_TYPES.length : at;
};
