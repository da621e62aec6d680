import { useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import type { BonusDefinition } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { useCurrencies } from '@/shared/lib/currencies.ts';
import { BonusTermsList } from '../bonus-terms.tsx';
import { useMoney } from '@/shared/lib/use-money.ts';
import { depositRange, mostOf, previewOf, refusalOf } from './deposit-bonus.ts';

/** The choice of "no bonus" in the picker (and in the form's state). */
export const NO_BONUS = 'none';

type Money = (amount: number, code: string) => string;

/** The amount is not known yet: the most it gives, and the deposit it needs. */
function unknownAmountLines(t: TFunction, money: Money, offer: BonusDefinition, currency: string) {
  const range = depositRange(offer, currency);
  const most = mostOf(offer, currency);
  const percentage = offer.type === 2 ? offer.assignConditions.depositPercentage : undefined;
  const cap = most.cash > 0 ? t('wallet.depositBonus.atMost', { max: money(most.cash, currency) }) : null;
  const gives = percentage
    ? cap
      ? t('wallet.depositBonus.percentage', { percentage, gives: cap })
      : t('wallet.depositBonus.percentageOnly', { percentage })
    : [
        most.cash > 0 ? `+${money(most.cash, currency)}` : null,
        most.spins ? t('wallet.depositBonus.spins', { count: most.spins }) : null,
      ]
        .filter(Boolean)
        .join(' + ');
  return [
    gives,
    t('wallet.depositBonus.atLeast', { min: money(range?.from ?? 0, currency) }),
    range?.to != null ? t('wallet.depositBonus.upTo', { max: money(range.to, currency) }) : '',
  ].filter(Boolean);
}

/**
 * What the offer gives for the amount typed, and its range; refused (with the bound it misses) when the
 * amount does not trigger it, then shown for the least deposit that does.
 */
function amountLines(
  t: TFunction,
  money: Money,
  { offer, currency, amount, subunit }: { offer: BonusDefinition; currency: string; amount: number; subunit: number },
) {
  const refusal = refusalOf(offer, currency, amount);
  const range = depositRange(offer, currency);
  const { cash, spins } = previewOf(offer, currency, refusal ? (range?.from ?? 0) : amount, subunit);
  const gives = [
    cash !== null && cash > 0 ? `+${money(cash, currency)}` : null,
    spins ? t('wallet.depositBonus.spins', { count: spins }) : null,
  ]
    .filter(Boolean)
    .join(' + ');
  const lines = [
    offer.type === 2 && offer.assignConditions.depositPercentage
      ? t('wallet.depositBonus.percentage', { percentage: offer.assignConditions.depositPercentage, gives })
      : gives,
    refusal === 'to' && range?.to != null
      ? t('wallet.depositBonus.upTo', { max: money(range.to, currency) })
      : t('wallet.depositBonus.from', { min: money(range?.from ?? 0, currency) }),
  ].filter(Boolean);
  return { lines, refused: refusal !== null };
}

/**
 * The deposit bonuses as a radio group: each with what it gives for the amount typed ("+€50 + 300 free
 * spins") and its range; one the amount does not trigger is disabled, saying why ("From €20"). Last:
 * "No bonus". `amount` null (a crypto address: the amount comes with the coins): each says the most it
 * gives and the deposit it needs ("Deposit at least 0.35 mBTC"), none disabled.
 */
export function DepositBonusPicker({
  offers,
  currency,
  amount,
  value,
  onChange,
}: {
  offers: readonly BonusDefinition[];
  currency: string;
  amount: number | null;
  value: string;
  onChange: (choice: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const name = useId();
  const chosen = offers.find((offer) => offer.id === value);
  const subunit = useCurrencies().data?.find((c) => c.code === currency)?.subunitToUnit ?? 100;
  const option = (id: string, title: string, lines: string[], disabled: boolean) => (
    <label
      key={id}
      className={cn(
        'flex items-start gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
        disabled ? 'cursor-not-allowed border-line bg-surface opacity-60' : 'cursor-pointer',
        !disabled && value === id
          ? 'border-accent bg-accent/10'
          : !disabled && 'border-line bg-surface hover:border-muted',
      )}
    >
      <input
        type="radio"
        name={name}
        value={id}
        checked={value === id}
        disabled={disabled}
        onChange={() => onChange(id)}
        className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
      />
      <span className="min-w-0">
        <span className="block font-semibold text-fg">{title}</span>
        {lines.map((line) => (
          <span key={line} className="block text-xs text-muted">
            {line}
          </span>
        ))}
      </span>
    </label>
  );
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="mb-2 text-sm font-medium text-fg">{t('wallet.depositBonus.legend')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {offers.map((offer) => {
          if (amount === null)
            return option(offer.id, offer.name, unknownAmountLines(t, money, offer, currency), false);
          const { lines, refused } = amountLines(t, money, { offer, currency, amount, subunit });
          return option(offer.id, offer.name, lines, refused);
        })}
        {option(NO_BONUS, t('wallet.depositBonus.none'), [t('wallet.depositBonus.noneText')], false)}
      </div>
      {/* Said before the choice: a deposit bonus waits for activation and lapses once money is staked. */}
      <p className="mt-2 text-xs text-muted">{t('wallet.depositBonus.activateFirst')}</p>
      {chosen?.terms && (
        <details className="mt-2 rounded-xl bg-raised px-3 py-2">
          <summary className="cursor-pointer select-none py-1 text-sm font-semibold text-fg focus-visible:outline-2 focus-visible:outline-accent">
            {t('wallet.terms.fullTerms')}
            <span className="sr-only">: {chosen.name}</span>
          </summary>
          <BonusTermsList terms={chosen.terms} className="mt-2 pb-2" />
        </details>
      )}
    </fieldset>
  );
}
