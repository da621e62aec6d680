import { useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import { BonusStatus, type BonusDefinition } from '@casino/contracts';
import { activeAccount, depositRange, mostOf, prefillDeposit, useAccounts, useDepositBonuses } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { cn } from '@/shared/lib/cn.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useBonusStatuses } from '../package-api.ts';
import '../i18n/index.ts';

type StepState = 'used' | 'active' | 'received' | 'next' | 'later';

const STATE_OF_ISSUE: Record<number, StepState> = {
  [BonusStatus.issued]: 'received',
  [BonusStatus.active]: 'active',
  [BonusStatus.finished]: 'used',
};

const CHIP: Record<StepState, string> = {
  used: 'bg-raised text-muted',
  active: 'bg-accent text-on-accent',
  received: 'bg-accent/15 text-accent',
  next: 'border border-accent text-accent',
  later: 'bg-raised text-muted',
};

/** The most the whole package gives ("Up to €500 + 200 free spins"), said under the title. */
function summaryOf(
  t: TFunction,
  money: (amount: number, code: string) => string,
  steps: readonly BonusDefinition[],
  currency: string,
) {
  const most = steps.reduce(
    (sum, step) => {
      const one = mostOf(step, currency);
      return { cash: sum.cash + one.cash, spins: sum.spins + one.spins };
    },
    { cash: 0, spins: 0 },
  );
  return [
    most.cash > 0 ? t('bonuses.deposit.package.upTo', { amount: money(most.cash, currency) }) : null,
    most.spins > 0 ? t('bonuses.deposit.package.spins', { count: most.spins }) : null,
  ]
    .filter(Boolean)
    .join(' + ');
}

/** One bonus of the package: what it gives, from which deposit, where the player is with it; the next one's deposit. */
function PackageStep({
  step,
  index,
  state,
  currency,
  onDeposit,
}: {
  step: BonusDefinition;
  index: number;
  state: StepState;
  currency: string;
  onDeposit: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const range = depositRange(step, currency);
  const one = mostOf(step, currency);
  const gives =
    step.type === 2
      ? t('bonuses.deposit.package.percentage', {
          percentage: step.assignConditions.depositPercentage ?? 0,
          max: money(one.cash, currency),
        })
      : step.type === 3
        ? t('bonuses.deposit.package.spins', { count: one.spins })
        : money(one.cash, currency);
  return (
    <li
      className={cn('rounded-xl border p-4', state === 'next' ? 'border-accent bg-accent/5' : 'border-line bg-surface')}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">
            {t('bonuses.deposit.package.step', { number: index + 1 })}
          </p>
          <h3 className="font-semibold text-fg">{step.name}</h3>
          <p className="text-sm text-fg">{gives}</p>
          {range && (
            <p className="text-xs text-muted">
              {t('bonuses.deposit.package.from', { min: money(range.from, currency) })}
            </p>
          )}
        </div>
        <span className={cn('shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold', CHIP[state])}>
          {t(`bonuses.deposit.package.state.${state}`)}
        </span>
      </div>
      {state === 'next' && range && (
        <Button className="mt-3" size="sm" onClick={onDeposit}>
          {t('bonuses.deposit.package.deposit', { min: money(range.from, currency) })}
        </Button>
      )}
    </li>
  );
}

/** How many of the package's bonuses the player has had, in words and as a bar. */
function PackageProgress({ headingId, taken, total }: { headingId: string; taken: number; total: number }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1.5">
      <p id={headingId} className="flex justify-between text-sm text-fg">
        <span>{t('bonuses.deposit.package.progress', { taken, total })}</span>
        <span className="text-muted tabular-nums" aria-hidden="true">
          {Math.round((taken / total) * 100)}%
        </span>
      </p>
      <progress
        value={taken}
        max={total}
        aria-labelledby={headingId}
        className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-raised [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-raised [&::-webkit-progress-value]:bg-accent"
      />
    </div>
  );
}

/**
 * `?package-bonus` (value: a package id; absent: the first): the welcome package's bonuses in their
 * order, which the player has had (received, active, used), and the next one with a way to deposit for
 * it (the wallet opens with that bonus and its minimum amount).
 */
export default function PackageBonusModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const modal = useModal();
  const headingId = useId();
  const accounts = useAccounts();
  const currency = activeAccount(accounts.data)?.currency;
  const definitions = useDepositBonuses(currency, true);
  const packaged = (definitions.data ?? []).filter((d) => d.package);
  const packageId = packaged.some((d) => d.package!.id === value) ? value : packaged[0]?.package?.id;
  const steps = packaged
    .filter((d) => d.package!.id === packageId)
    .sort((a, b) => a.packagePriority - b.packagePriority);
  const statuses = useBonusStatuses(
    steps.map((s) => s.id),
    currency,
  );
  const title = steps[0]?.package?.name ?? t('bonuses.deposit.package.title');

  if (accounts.isPending || definitions.isPending || (steps.length > 0 && statuses.isPending))
    return (
      <ModalFrame title={t('bonuses.deposit.package.title')}>
        <Spinner label={t('bonuses.deposit.package.loading')} className="size-6 text-accent" />
      </ModalFrame>
    );
  if (definitions.isError || statuses.isError)
    return (
      <ModalFrame title={t('bonuses.deposit.package.title')}>
        <p role="alert" className="text-sm text-fg">
          {t('bonuses.deposit.package.loadFailed')}
        </p>
      </ModalFrame>
    );
  if (!currency || steps.length === 0)
    return (
      <ModalFrame title={t('bonuses.deposit.package.title')}>
        <p className="text-sm text-muted">{t('bonuses.deposit.package.none', { currency: currency ?? '' })}</p>
      </ModalFrame>
    );

  const issue = new Map((statuses.data ?? []).map((s) => [s.id, s.issueStatus]));
  const nextIndex = steps.findIndex((s) => !issue.get(s.id));
  const stateOf = (step: BonusDefinition, index: number): StepState =>
    STATE_OF_ISSUE[issue.get(step.id) ?? 0] ?? (index === nextIndex ? 'next' : 'later');
  const taken = steps.filter((s) => issue.get(s.id)).length;
  const summary = summaryOf(t, money, steps, currency);

  const depositFor = (step: BonusDefinition) => {
    const range = depositRange(step, currency);
    prefillDeposit({ bonusId: step.id, amount: range?.from ?? 0 });
    modal.replace('package-bonus', 'wallet', 'deposit');
  };

  return (
    <ModalFrame title={title} description={summary}>
      <PackageProgress headingId={headingId} taken={taken} total={steps.length} />
      <ol className="mt-5 space-y-3">
        {steps.map((step, index) => (
          <PackageStep
            key={step.id}
            step={step}
            index={index}
            state={stateOf(step, index)}
            currency={currency}
            onDeposit={() => depositFor(step)}
          />
        ))}
      </ol>
      <p className="mt-4 text-xs text-muted">{t('bonuses.deposit.package.terms')}</p>
    </ModalFrame>
  );
}
