import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useMoney } from '@/shared/lib/use-money.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useFinishedBonuses } from './api.ts';
import { DetailsButton } from './bonus-card.tsx';
import { useFormatDate } from './format.ts';
import './i18n/index.ts';

/** Bonuses that ended, in every currency, newest first: how each ended, in words, and when. */
export function FinishedBonuses({ level = 2 }: { level?: 2 | 3 }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useFormatDate();
  const finished = useFinishedBonuses();
  const Heading = `h${level}` as const;
  const rows = finished.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="bonuses-finished" className="space-y-3">
      <Heading id="bonuses-finished" className="text-lg font-semibold text-fg">
        {t('bonuses.finished.title')}
      </Heading>
      {finished.isPending ? (
        <Spinner label={t('bonuses.finished.loading')} className="size-6 text-accent" />
      ) : finished.isError && rows.length === 0 ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-fg">
          {t('bonuses.finished.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void finished.refetch()}>
            {t('bonuses.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted">{t('bonuses.finished.none')}</p>
      ) : (
        <>
          <ul
            aria-labelledby="bonuses-finished"
            className="divide-y divide-line rounded-2xl border border-line bg-surface"
          >
            {rows.map((bonus) => (
              <li key={bonus.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-fg">{bonus.name}</p>
                  <p className="text-sm text-muted">
                    {t('bonuses.finished.line', {
                      result: t(`bonuses.result.${bonus.result}`, { defaultValue: t('bonuses.status.3') }),
                      date: date(bonus.finishedAt),
                    })}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-semibold text-fg tabular-nums">{money(bonus.amount, bonus.currency)}</span>
                  <DetailsButton bonus={bonus} />
                </div>
              </li>
            ))}
          </ul>
          {finished.hasNextPage && (
            <Button
              size="sm"
              variant="secondary"
              loading={finished.isFetchingNextPage}
              onClick={() => void finished.fetchNextPage()}
            >
              {t('bonuses.finished.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
