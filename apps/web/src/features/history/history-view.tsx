import { Suspense } from 'react';
import { useSearchParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusHistory } from '@/features/bonuses';
import { TransactionsPanel } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useSpins } from './api/get-spins.ts';
import { ListState, useDate } from './list-state.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { TicketsPanel } from './tickets-panel.tsx';
import './i18n/index.ts';

type HistoryTab = 'rounds' | 'bets' | 'transactions' | 'sessions' | 'bonuses';
const TAB_PATHS: Record<HistoryTab, string> = {
  rounds: '/profile/history',
  bets: '/profile/history?tab=bets',
  transactions: '/profile/history?tab=transactions',
  sessions: '/profile/history?tab=sessions',
  bonuses: '/profile/history?tab=bonuses',
};
const isTab = (value: string | null): value is HistoryTab => value !== null && value in TAB_PATHS;
/** The sports tickets' tab exists only with the sportsbook. */
const tabsOf = (sportsbook: boolean) =>
  (Object.keys(TAB_PATHS) as HistoryTab[]).filter((key) => sportsbook || key !== 'bets');

const numberParam = (value: string | null) => (value && /^[1-3]$/.test(value) ? Number(value) : undefined);

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** The history's sections, each a link: the tab lives in the URL. */
function HistoryTabs({ tabs, tab }: { tabs: HistoryTab[]; tab: HistoryTab }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('history.sections')}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((key) => (
          <li key={key}>
            <LocaleLink
              to={TAB_PATHS[key]}
              aria-current={tab === key ? 'page' : undefined}
              preventScrollReset
              state={{ preventScrollReset: true }}
              className={cn(
                'inline-flex h-9 items-center rounded-full px-4 text-sm font-semibold transition-colors',
                tab === key ? 'bg-accent text-on-accent' : 'border border-line bg-surface text-muted hover:text-fg',
              )}
            >
              {t(`history.tabs.${key}`)}
            </LocaleLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Settled or unsettled bets, as two toggle buttons. */
function SettledFilter({ settled, onChange }: { settled: boolean; onChange: (settled: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="m-0 inline-flex min-w-0 rounded-xl border border-line bg-surface p-1">
      <legend className="sr-only">{t('history.filter.label')}</legend>
      {[true, false].map((value) => (
        <button
          key={String(value)}
          type="button"
          aria-pressed={settled === value}
          onClick={() => onChange(value)}
          className={cn(
            'h-8 rounded-lg px-3 text-sm font-semibold transition-colors',
            settled === value ? 'bg-raised text-fg' : 'text-muted hover:text-fg',
          )}
        >
          {t(value ? 'history.filter.settled' : 'history.filter.unsettled')}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The player's history: casino rounds (`GET /api/game/spins`) and bets (`GET /api/game/bets`,
 * settled or not). Tab, filter and page live in the query (`?tab=bets&settled=false&page=2`),
 * so a page can be linked and Back steps through it.
 */
export function HistoryView() {
  const [params, setParams] = useSearchParams();
  const tabs = tabsOf(usePlayerInit().features.sportsbook);
  const requested = params.get('tab');
  const tab: HistoryTab = isTab(requested) && tabs.includes(requested) ? requested : 'rounds';
  const settled = params.get('settled') !== 'false';
  const page = readPage(params.get('page'));

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { preventScrollReset: true, state: { preventScrollReset: true } },
    );
  const goToPage = (n: number) => update({ page: n > 1 ? String(n) : null });

  return (
    <div className="space-y-5">
      <HistoryTabs tabs={tabs} tab={tab} />
      {tab === 'transactions' ? (
        <Suspense fallback={<Spinner />}>
          <TransactionsPanel
            filters={{ page, type: numberParam(params.get('type')), status: numberParam(params.get('status')) }}
            onFilters={(next) =>
              update({
                page: next.page > 1 ? String(next.page) : null,
                type: next.type ? String(next.type) : null,
                status: next.status ? String(next.status) : null,
              })
            }
          />
        </Suspense>
      ) : tab === 'bonuses' ? (
        <Suspense fallback={<Spinner />}>
          <BonusHistory />
        </Suspense>
      ) : tab === 'sessions' ? (
        <SessionsPanel page={page} onPage={goToPage} />
      ) : tab === 'rounds' ? (
        <RoundsPanel page={page} onPage={goToPage} />
      ) : (
        <>
          <SettledFilter
            settled={settled}
            onChange={(value) => update({ settled: value ? null : 'false', page: null })}
          />
          <TicketsPanel settled={settled} page={page} onPage={goToPage} />
        </>
      )}
    </div>
  );
}

/** One history row as both layouts show it: a table row from 640px, a card on phones. */
type Row = {
  id: string;
  game: string;
  gamePath: string;
  bet: string;
  result: string;
  won: boolean;
  currency: string;
  createdAt: string;
};

function RoundsPanel({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const spins = useSpins(page);
  const rows = (spins.data?.data ?? []).map<Row>((spin) => ({
    id: spin.id,
    game: spin.game,
    gamePath: `/games/${encodeURIComponent(spin.gameIdentity)}`,
    bet: money(spin.amount, spin.currency),
    result: money(spin.payout, spin.currency),
    won: spin.payout > 0,
    currency: spin.currency,
    createdAt: spin.createdAt,
  }));
  return (
    <ListState query={spins} empty={t('history.empty.rounds')} onPage={onPage}>
      <HistoryRows caption={t('history.roundsCaption')} resultLabel={t('history.columns.win')} rows={rows} />
    </ListState>
  );
}

const cellClass = 'px-4 py-3 text-sm';

function HistoryRows({ caption, resultLabel, rows }: { caption: string; resultLabel: string; rows: Row[] }) {
  const { t } = useTranslation();
  const date = useDate();
  const columns = [
    t('history.columns.game'),
    t('history.columns.bet'),
    resultLabel,
    t('history.columns.currency'),
    t('history.columns.date'),
  ];
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-line bg-surface sm:block">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
            <tr>
              {columns.map((column, i) => (
                <th
                  key={column}
                  scope="col"
                  className={cn('px-4 py-3 font-semibold', (i === 1 || i === 2) && 'text-right')}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className={cellClass}>
                  <LocaleLink to={row.gamePath} className="font-medium text-fg hover:text-accent">
                    {row.game}
                  </LocaleLink>
                </td>
                <td className={cn(cellClass, 'text-right tabular-nums')}>{row.bet}</td>
                <td className={cn(cellClass, 'text-right tabular-nums', row.won && 'font-semibold text-success')}>
                  {row.result}
                </td>
                <td className={cn(cellClass, 'text-muted')}>{row.currency}</td>
                <td className={cn(cellClass, 'whitespace-nowrap text-muted')}>
                  <time dateTime={row.createdAt}>{date(row.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Phones: the same rows as cards, which need no sideways scrolling. */}
      <ul aria-label={caption} className="divide-y divide-line rounded-2xl border border-line bg-surface sm:hidden">
        {rows.map((row) => (
          <li key={row.id} className="flex items-start justify-between gap-3 p-4">
            <div className="min-w-0">
              <LocaleLink to={row.gamePath} className="block truncate font-medium text-fg hover:text-accent">
                {row.game}
              </LocaleLink>
              <p className="mt-1 text-xs text-muted">
                <time dateTime={row.createdAt}>{date(row.createdAt)}</time>
              </p>
            </div>
            <dl className="shrink-0 text-right text-sm tabular-nums">
              <div className="flex justify-end gap-2">
                <dt className="text-muted">{t('history.columns.bet')}</dt>
                <dd className="text-fg">{row.bet}</dd>
              </div>
              <div className="mt-1 flex justify-end gap-2">
                <dt className="text-muted">{resultLabel}</dt>
                <dd className={row.won ? 'font-semibold text-success' : 'text-fg'}>{row.result}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
