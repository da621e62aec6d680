import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusStatus, type PlayerFreespin } from '@casino/contracts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { apiPage } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { bonusesQueryKey } from './api.ts';
import { FinishedBonuses } from './finished-bonuses.tsx';
import { useFormatDate } from './format.ts';
import './i18n/index.ts';

const PER_PAGE = 10;

/** Finished free spins in every currency, newest first, a page at a time. */
const useFinishedFreespins = () =>
  useInfiniteQuery({
    queryKey: [...bonusesQueryKey, 'freespins', 'finished'],
    initialPageParam: 1,
    retry: false,
    queryFn: ({ pageParam, signal }) =>
      apiPage<PlayerFreespin>('/api/game/player-freespins', {
        query: { status: [BonusStatus.finished], page: pageParam, perPage: PER_PAGE },
        signal,
      }),
    getNextPageParam: ({ meta }) => (meta.page < meta.totalPages ? meta.page + 1 : undefined),
  });

/** `/profile/history?tab=bonuses`: bonuses and free spins that have ended, and how. */
export function BonusHistory() {
  return (
    <div className="space-y-8">
      <FinishedBonuses level={2} />
      <FinishedFreespins />
    </div>
  );
}

function FinishedFreespins() {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useFormatDate();
  const spins = useFinishedFreespins();
  const rows = spins.data?.pages.flatMap((page) => page.data) ?? [];
  // Free spins are shown once their list answers (a site without them shows only the bonuses).
  if (spins.isPending || (spins.isError && rows.length === 0)) return null;
  return (
    <section aria-labelledby="history-freespins" className="space-y-3">
      <h2 id="history-freespins" className="text-lg font-semibold text-fg">
        {t('bonuses.history.freespinsTitle')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t('bonuses.history.freespinsNone')}</p>
      ) : (
        <>
          <ul
            aria-labelledby="history-freespins"
            className="divide-y divide-line rounded-2xl border border-line bg-surface"
          >
            {rows.map((spin) => (
              <li key={spin.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-fg">{spin.name}</p>
                  <p className="text-sm text-muted">
                    {t('bonuses.history.freespinsLine', {
                      result: t(`bonuses.history.freespinResult.${spin.result}`, {
                        defaultValue: t('bonuses.status.3'),
                      }),
                      used: spin.usedCount,
                      count: spin.count,
                      date: date(spin.finishedAt),
                    })}
                  </p>
                </div>
                <span className="font-semibold text-fg tabular-nums">
                  {t('bonuses.history.won', { amount: money(spin.winAmount, spin.currency) })}
                </span>
              </li>
            ))}
          </ul>
          {spins.hasNextPage && (
            <Button
              size="sm"
              variant="secondary"
              loading={spins.isFetchingNextPage}
              onClick={() => void spins.fetchNextPage()}
            >
              {t('bonuses.finished.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
