import { data, useParams, type LoaderFunctionArgs } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Collection } from '@casino/contracts';
import {
  CollectionTabs,
  PagedGames,
  ProviderFilter,
  SortSelect,
  availableIn,
  collectionsQuery,
  SORTS,
  useCatalogueQuery,
  useCollections,
  useInfiniteGames,
  gridPageSize,
  useMedia,
  usePlatform,
  useProviders,
  SMALL_QUERY,
} from '@/features/games';
import { LocaleLink } from '@/shared/i18n';
import { ensurePlayerInit } from '@/shared/lib/player-init.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { buttonClass } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { PageLoading } from './page-loading.tsx';

/**
 * A collection that does not exist, or is not offered in the visitor's country, is the app's 404
 * ('Page Not Found: {path}'). When the list cannot be loaded we cannot tell, so the page renders
 * and says the games failed to load.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const { country } = await ensurePlayerInit();
  const { select: _select, ...query } = collectionsQuery(country);
  let list: Collection[];
  try {
    list = await queryClient.ensureQueryData(query);
  } catch {
    return null;
  }
  if (!list.filter(availableIn(country)).some((c) => c.identity === params.categoryIdentity))
    throw data({ kind: 'route' }, { status: 404 });
  return null;
}

export default function CategoryPage() {
  const { t } = useTranslation();
  const { categoryIdentity = '' } = useParams();
  const collections = useCollections();
  const collection = collections.data?.find((c) => c.identity === categoryIdentity);
  usePageTitle(collection?.name ?? t('pages.category.title'));

  if (collections.isPending) return <PageLoading />;
  if (!collection) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{t('pages.category.title')}</h1>
        <p className="text-muted">{t(collections.isError ? 'games.loadFailed' : 'games.category.missing')}</p>
        <LocaleLink to="/" className={buttonClass('secondary')}>
          {t('comingSoon.backHome')}
        </LocaleLink>
      </div>
    );
  }
  return <Category collection={collection} collections={collections.data ?? []} />;
}

function Category({ collection, collections }: { collection: Collection; collections: Collection[] }) {
  const { t } = useTranslation();
  const { providerIds, sort, update, carried } = useCatalogueQuery();
  const providers = useProviders();
  const platform = usePlatform();
  const small = useMedia(SMALL_QUERY);
  const games = useInfiniteGames({
    collectionId: [collection.id],
    providerId: providerIds,
    ...SORTS[sort],
    perPage: gridPageSize(small),
    platform,
  });
  const total = games.data?.pages[0]?.meta.totalRows;

  // Filter values are ids, or identities in a hand-written link (the API takes both).
  const byId = new Map((providers.data ?? []).flatMap((p) => [[p.id, p] as const, [p.identity, p] as const]));

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end gap-x-4 gap-y-1">
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{collection.name}</h1>
        {total !== undefined && (
          <p className="pb-1 text-sm text-muted">{t('games.category.total', { count: total })}</p>
        )}
      </header>

      <CollectionTabs collections={collections} current={collection.identity} search={carried} />

      <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
        <legend className="sr-only">{t('games.filters.title')}</legend>
        <ProviderFilter
          providers={providers.data ?? []}
          selected={providerIds}
          onChange={(ids) => update({ providerIds: ids })}
        />
        <SortSelect value={sort} onChange={(next) => update({ sort: next })} />
        {providerIds.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={t('games.filters.active')}>
            {providerIds.map((id) => (
              <li key={id}>
                <button
                  type="button"
                  onClick={() => update({ providerIds: providerIds.filter((p) => p !== id) })}
                  aria-label={t('games.filters.remove', { name: byId.get(id)?.name ?? id })}
                  className="inline-flex h-9 items-center gap-1.5 rounded-full border border-accent/60 bg-accent/10 pl-3.5 pr-2.5 text-sm font-medium text-fg hover:bg-accent/20"
                >
                  {byId.get(id)?.name ?? t('games.filters.unknownProvider')}
                  <Icon name="close" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <PagedGames
        query={games}
        label={collection.name}
        empty={
          <div className="rounded-3xl border border-dashed border-line p-8 text-center">
            <p className="font-semibold text-fg">{t('games.category.empty')}</p>
            {providerIds.length > 0 && (
              <button
                type="button"
                onClick={() => update({ providerIds: [] })}
                className={buttonClass('secondary') + ' mt-4'}
              >
                {t('games.filters.clear')}
              </button>
            )}
          </div>
        }
      />
    </div>
  );
}
