import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { CashbackResponse, CashbackRunning } from '@casino/contracts';
import { activeAccount, useAccounts } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { apiBare } from '@/shared/lib/http.ts';
import { bonusesQueryKey } from './api.ts';
import { useFormatDate } from './format.ts';
import './i18n/index.ts';

/**
 * Cashback in `currency`: what was paid and each programme's running figure for the period under way
 * (`GET /api/game/bonuses/cashback`). Under the bonuses' key: a bonus push (a cashback is issued as a
 * bonus) refreshes it with the lists.
 */
export const useCashback = (currency: string | undefined) =>
  useQuery({
    queryKey: [...bonusesQueryKey, 'cashback', currency ?? 'none'],
    enabled: !!currency,
    queryFn: ({ signal }) =>
      apiBare<CashbackResponse>('GET', '/api/game/bonuses/cashback', { query: { currency: currency! }, signal }),
  });

/** The day a payout is due, in the player's language (a date: the payout runs from midnight UTC). */
function usePayoutDay() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}

/** What the running figure says: nothing to pay (ahead or not opted in) or the amount so far. */
export type RunningState = 'notOptedIn' | 'ahead' | 'earning';
export const runningState = (running: Pick<CashbackRunning, 'optedIn' | 'amount'>): RunningState =>
  !running.optedIn ? 'notOptedIn' : running.amount > 0 ? 'earning' : 'ahead';

/** A programme's period so far: its rule, the cashback and net loss to date, and the next payout. */
function RunningCashback({ running }: { running: CashbackRunning }) {
  const { t } = useTranslation();
  const money = useMoney();
  const payoutDay = usePayoutDay();
  const state = runningState(running);
  return (
    <article className="rounded-2xl border border-line bg-surface p-4">
      <p className="font-semibold text-fg">{running.bonusName}</p>
      <p className="text-sm text-muted">
        {t('bonuses.cashback.rule', {
          percentage: running.percentage,
          multiplier: running.wagerMultiplier,
        })}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm tabular-nums">
        <dt className="text-muted">{t(`bonuses.cashback.soFar.${running.period}`)}</dt>
        <dd className="text-right text-lg font-semibold text-fg" data-testid="cashback-running">
          {money(running.amount, running.currency)}
        </dd>
        <dt className="text-muted">{t('bonuses.cashback.netLoss')}</dt>
        <dd className="text-right text-fg">{money(running.netLoss, running.currency)}</dd>
        <dt className="text-muted">{t('bonuses.cashback.nextPayout')}</dt>
        <dd className="text-right text-fg">
          <time dateTime={running.nextPayoutAt}>{payoutDay(running.nextPayoutAt)}</time>
        </dd>
      </dl>
      {state !== 'earning' && (
        <p className="mt-3 text-sm text-muted">{t(`bonuses.cashback.${state}.${running.period}`)}</p>
      )}
    </article>
  );
}

/** The bonuses page's cashback block: each programme's period so far and next payout, then what was paid. */
export function CashbackBlock({ level = 2 }: { level?: 2 | 3 }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useFormatDate();
  const currency = activeAccount(useAccounts().data)?.currency;
  const cashback = useCashback(currency);
  const Heading = `h${level}` as const;
  const data = cashback.data;
  // No programme in this currency and nothing paid: the block stays away.
  if (!currency || cashback.isPending || (data && data.current.length === 0 && data.data.length === 0)) return null;
  return (
    <section aria-labelledby="bonuses-cashback" className="space-y-3" data-testid="cashback-block">
      <Heading id="bonuses-cashback" className="text-lg font-semibold text-fg">
        {t('bonuses.cashback.title')}
      </Heading>
      {cashback.isError || !data ? (
        <p role="alert" className="text-sm text-danger">
          {t('bonuses.cashback.loadFailed')}
        </p>
      ) : (
        <>
          <div className="grid gap-3 lg:grid-cols-2">
            {data.current.map((running) => (
              <RunningCashback key={`${running.bonusName}-${running.currency}`} running={running} />
            ))}
          </div>
          {data.data.length === 0 ? (
            <p className="text-sm text-muted">{t('bonuses.cashback.none')}</p>
          ) : (
            <ul
              aria-label={t('bonuses.cashback.paidTitle')}
              className="divide-y divide-line rounded-2xl border border-line bg-surface"
            >
              {data.data.map((paid) => (
                <li
                  key={paid.bonusId}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-fg">{paid.bonusName}</p>
                    <p className="text-sm text-muted">{t('bonuses.cashback.paidOn', { date: date(paid.date) })}</p>
                  </div>
                  <span className="font-semibold text-fg tabular-nums">{money(paid.amount, paid.currency)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** The header balance popover's cashback lines: this period's figure and payday, and the last paid. */
export function HeaderCashback({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const payoutDay = usePayoutDay();
  const cashback = useCashback(currency);
  const data = cashback.data;
  // A promotion the player has not consented to never pays: only what will be paid is listed.
  const paying = data?.current.filter((r) => r.optedIn) ?? [];
  const last = data?.data[0];
  if (paying.length === 0 && !last) return null;
  return (
    <div data-testid="header-cashback" className="mb-2 rounded-lg bg-raised px-3 py-2 text-xs">
      <p className="font-semibold text-fg">{t('bonuses.cashback.title')}</p>
      <ul className="mt-1 space-y-1 tabular-nums">
        {paying.map((running) => (
          <li key={`${running.bonusName}-${running.currency}`} className="flex justify-between gap-2 text-muted">
            <span>
              {t('bonuses.cashback.popoverRunning', {
                name: running.bonusName,
                date: payoutDay(running.nextPayoutAt),
              })}
            </span>
            <span className="font-semibold text-fg">{money(running.amount, running.currency)}</span>
          </li>
        ))}
        {last && (
          <li className="flex justify-between gap-2 text-muted">
            <span>{t('bonuses.cashback.popoverPaid', { date: payoutDay(last.date) })}</span>
            <span className="font-semibold text-fg">{money(last.amount, last.currency)}</span>
          </li>
        )}
      </ul>
    </div>
  );
}
