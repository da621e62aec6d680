import { useEffect } from 'react';
import { hashKey } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { EventStage, TicketType, type Bet } from '@casino/contracts';
import { loadBetPushes } from '@/features/game-play';
import { accountsQueryKey } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { cn } from '@/shared/lib/cn.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { useBets } from './api/get-bets.ts';
import { ListState, useDate } from './list-state.tsx';

/** BetStatus: 1 pending, 2 won, 3 lost, 4 void (rolled back), 5 cashed out. */
const STATUS_TONE: Record<number, string> = {
  1: 'bg-warn/15 text-warn',
  2: 'bg-success/15 text-success',
  3: 'bg-raised text-muted',
  4: 'bg-raised text-muted',
  5: 'bg-accent/15 text-accent',
};

const accountsHash = hashKey(accountsQueryKey);

/**
 * The tickets are read again when a settlement is pushed (`game.bet.settled` on `game:bets`: a lost
 * ticket moves no money) and when the balances change (a payout, a void's refund), so a settled
 * ticket shows without a reload.
 */
function useRefreshOnSettlement() {
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['game', 'bets'] });
    const stopCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash === accountsHash) refresh();
    });
    let stopPush: (() => void) | undefined;
    let cancelled = false;
    void loadBetPushes().then(({ onGameBetPush }) => {
      if (!cancelled) stopPush = onGameBetPush((push) => push.kind === 'settled' && refresh());
    });
    return () => {
      cancelled = true;
      stopCache();
      stopPush?.();
    };
  }, []);
}

/** The sports tickets (`GET /api/game/bets`), settled or open, each with its selections. */
export function TicketsPanel({
  settled,
  page,
  onPage,
}: {
  settled: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const bets = useBets(settled, page);
  useRefreshOnSettlement();
  const caption = t('history.betsCaption');
  return (
    <ListState query={bets} empty={t(settled ? 'history.empty.settled' : 'history.empty.unsettled')} onPage={onPage}>
      <ul aria-label={caption} className="space-y-3">
        {(bets.data?.data ?? []).map((bet) => (
          <li key={bet.id}>
            <Ticket bet={bet} />
          </li>
        ))}
      </ul>
    </ListState>
  );
}

function Ticket({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDate();
  const odds = useOdds();
  const accumulator = bet.ticketType === TicketType.accumulator;
  const known = STATUS_TONE[bet.status] !== undefined;
  const titleId = `ticket-${bet.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-fg">
            {accumulator
              ? t('history.ticket.accumulator', { count: bet.items.length })
              : bet.items.length > 0
                ? t('history.ticket.single')
                : bet.game}
          </h3>
          <p className="mt-0.5 text-xs text-muted">
            <time dateTime={bet.createdAt}>{date(bet.createdAt)}</time>
          </p>
        </div>
        <span
          className={cn(
            'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
            STATUS_TONE[bet.status] ?? 'bg-raised text-muted',
          )}
        >
          {t(`history.status.${known ? bet.status : 'unknown'}`)}
        </span>
      </header>
      {bet.items.length > 0 && (
        <ol className="mt-3 divide-y divide-line border-y border-line">
          {bet.items.map((item, i) => (
            <li key={i} className="py-3">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 font-medium text-fg">{item.event}</p>
                <span
                  className={cn(
                    'shrink-0 rounded-full px-2 py-0.5 text-[0.7rem] font-semibold uppercase tracking-wide',
                    item.stage === EventStage.live ? 'bg-danger/15 text-danger' : 'bg-raised text-muted',
                  )}
                >
                  {t(item.stage === EventStage.live ? 'history.ticket.live' : 'history.ticket.prematch')}
                </span>
              </div>
              <p className="mt-0.5 text-xs text-muted">
                {item.discipline} · {item.tournament} · <time dateTime={item.eventDate}>{date(item.eventDate)}</time>
              </p>
              <p className="mt-1 text-sm text-fg">
                <span className="text-muted">{item.market}:</span> <span className="font-semibold">{item.outcome}</span>{' '}
                <span className="tabular-nums text-muted">@ {odds(item.coefficient)}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{t('history.ticket.stake')}</dt>
          <dd className="font-medium tabular-nums text-fg">{money(bet.amount, bet.currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('history.ticket.odds')}</dt>
          <dd className="font-medium tabular-nums text-fg">{odds(bet.coefficient)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs text-muted">{t('history.columns.payout')}</dt>
          <dd className={cn('font-medium tabular-nums', bet.payout > 0 ? 'font-semibold text-success' : 'text-fg')}>
            {money(bet.payout, bet.currency)}
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** Decimal odds in the page language: two decimals, a third when there is one (1.85, 2.125). */
function useOdds() {
  const { t } = useTranslation();
  const format = new Intl.NumberFormat(t('meta.intlLocale'), { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  return (odds: number) => format.format(odds);
}
