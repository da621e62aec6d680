import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { PageMeta } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';

type ListQuery<T> = {
  data: { data: T[]; meta: PageMeta } | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/** Loading, failure, empty list, or the rows with their pages. */
export function ListState<T>({
  query,
  empty,
  onPage,
  children,
}: {
  query: ListQuery<T>;
  empty: string;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="grid min-h-40 place-items-center">
        <Spinner label={t('history.loading')} className="size-7 text-accent" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-5 text-sm text-danger"
      >
        {t('history.loadFailed')}
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('history.retry')}
        </Button>
      </div>
    );
  }
  const { data: rows, meta } = query.data;
  if (rows.length === 0 && meta.page <= 1) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-surface p-8 text-center">
        <p className="text-muted">{empty}</p>
        <LocaleLink to="/" className={cn(buttonClass('secondary', 'sm'), 'mt-4')}>
          {t('history.empty.browse')}
        </LocaleLink>
      </div>
    );
  }
  const total = Math.max(meta.totalPages, 1);
  return (
    <div
      className={cn('space-y-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}
      aria-busy={query.isPlaceholderData || undefined}
    >
      {children}
      {total > 1 && (
        <nav aria-label={t('history.pagination.label')} className="flex items-center justify-between gap-3">
          <Button size="sm" variant="secondary" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
            {t('history.pagination.previous')}
          </Button>
          <p className="text-sm text-muted" aria-live="polite">
            {t('history.pagination.page', { page: meta.page, total })}
          </p>
          <Button size="sm" variant="secondary" disabled={meta.page >= total} onClick={() => onPage(meta.page + 1)}>
            {t('history.pagination.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

/** Dates of the history lists, in the page language. */
export function useDate() {
  const { t } = useTranslation();
  const format = new Intl.DateTimeFormat(t('meta.intlLocale'), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}
