import { useId, useState } from 'react';
import { useLocation } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Provider } from '@casino/contracts';
import {
  filterProviders,
  gridPageSize,
  PagedGames,
  PROVIDER_VIEW_PARAM,
  providerGamesPath,
  ProviderLogo,
  SMALL_QUERY,
  SORTS,
  SortSelect,
  useCatalogueQuery,
  useInfiniteGames,
  useMedia,
  usePlatform,
  useProviders,
  type ProviderSort,
} from '@/features/games';
import { LocaleLink } from '@/shared/i18n';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { Select } from '@/shared/ui/select.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { PageLoading } from './page-loading.tsx';

/**
 * `/providers`: every studio with its logo and game count, a name filter (ignoring accents) and two
 * orders. `/providers?provider=<identity>`: that studio's games, whatever their collection.
 */
export default function ProvidersPage() {
  const { t } = useTranslation();
  const providers = useProviders();
  const identity = new URLSearchParams(useLocation().search).get(PROVIDER_VIEW_PARAM);

  if (!identity) return <ProviderList providers={providers} />;
  if (providers.isPending) return <PageLoading />;
  const provider = providers.data?.find((p) => p.identity === identity || p.id === identity);
  if (provider) return <ProviderGames provider={provider} />;
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight text-fg">{t('pages.providers.title')}</h1>
      <p className="text-muted">{t(providers.isError ? 'games.loadFailed' : 'games.providers.missing')}</p>
      <LocaleLink to="/providers" className={buttonClass('secondary')}>
        {t('games.providers.all')}
      </LocaleLink>
    </div>
  );
}

/** A studio as a link to its games: its logo, name and number of games. */
function ProviderCard({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  return (
    <LocaleLink
      to={providerGamesPath(provider)}
      className="group flex h-full flex-col items-center gap-3 rounded-2xl border border-line bg-surface p-4 text-center transition-colors hover:border-accent/60"
    >
      <span className="grid h-14 w-full place-items-center rounded-xl bg-raised/60">
        <ProviderLogo provider={provider} decorative />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-semibold text-fg">{provider.name}</span>
        <span className="mt-0.5 flex items-center justify-center gap-1 text-xs text-muted">
          {t('games.providers.count', { count: provider.gameEnabledCount })}
          <Icon name="chevronRight" className="size-3.5 transition-transform group-hover:translate-x-0.5" />
        </span>
      </span>
    </LocaleLink>
  );
}

function ProviderList({ providers }: { providers: ReturnType<typeof useProviders> }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<ProviderSort>('name');
  const countId = useId();
  const list = filterProviders(providers.data ?? [], query, sort, i18n.language);
  usePageTitle(t('pages.providers.title'));

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{t('pages.providers.title')}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t('pages.providers.description')}</p>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t('games.providers.search')}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
          className="min-w-0 flex-1 sm:max-w-sm"
          aria-describedby={countId}
        />
        <Select
          label={t('games.filters.sort')}
          value={sort}
          onChange={(e) => setSort(e.target.value as ProviderSort)}
          className="w-44"
          options={[
            { value: 'name', label: t('games.sort.az') },
            { value: 'games', label: t('games.sort.mostGames') },
          ]}
        />
      </div>

      {providers.isPending && <PageLoading />}
      {providers.isError && (
        <div
          role="alert"
          className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-5 text-sm text-muted"
        >
          {t('games.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => void providers.refetch()}>
            {t('games.retry')}
          </Button>
        </div>
      )}
      {providers.isSuccess && (
        <>
          <p id={countId} className="text-sm text-muted" aria-live="polite">
            {list.length === 0
              ? t('games.providers.none', { query })
              : t('games.providers.shown', { count: list.length })}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {list.map((provider) => (
              <li key={provider.id}>
                <ProviderCard provider={provider} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function ProviderGames({ provider }: { provider: Provider }) {
  const { t } = useTranslation();
  const { sort, update } = useCatalogueQuery();
  const platform = usePlatform();
  const small = useMedia(SMALL_QUERY);
  const games = useInfiniteGames({ providerId: [provider.id], ...SORTS[sort], perPage: gridPageSize(small), platform });
  const total = games.data?.pages[0]?.meta.totalRows ?? provider.gameEnabledCount;
  usePageTitle(provider.name);

  return (
    <div className="space-y-6">
      <LocaleLink
        to="/providers"
        className="inline-flex items-center gap-1 rounded-lg text-sm font-semibold text-muted hover:text-fg"
      >
        <Icon name="chevronLeft" className="size-4" />
        {t('games.providers.all')}
      </LocaleLink>
      <header className="flex flex-wrap items-center gap-4">
        <span className="grid h-16 w-36 place-items-center rounded-2xl border border-line bg-surface">
          <ProviderLogo provider={provider} decorative />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{provider.name}</h1>
          <p className="text-sm text-muted">{t('games.category.total', { count: total })}</p>
        </div>
      </header>
      <SortSelect value={sort} onChange={(next) => update({ sort: next })} />
      <PagedGames
        query={games}
        label={provider.name}
        empty={<p className="text-muted">{t('games.category.empty')}</p>}
      />
    </div>
  );
}
