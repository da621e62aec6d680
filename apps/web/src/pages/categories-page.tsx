import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '@/shared/i18n';
import { api } from '@/shared/lib/http.ts';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { PageLoading } from './page-loading.tsx';
import { ComingSoonNotice } from './coming-soon-page.tsx';

type Collection = { id: string; identity: string; name: string; countries: string[]; isHidden: boolean };

/** A public list, so no token. An error or an empty list both mean "nothing to redirect to". */
async function fetchCollections(): Promise<Collection[]> {
  const data = await api<Collection[] | undefined>('GET', '/api/game/collections', { auth: false });
  return Array.isArray(data) ? data : [];
}

/** A collection is offered in a country when it lists no countries, or lists that one. */
const availableIn = (country: string) => (c: Collection) =>
  !c.isHidden && (c.countries.length === 0 || !country || c.countries.includes(country));

/** `/categories` has no page of its own: it opens the first collection and keeps the query (spec point 2). */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const localize = useLocalizedPath();
  const { country } = usePlayerInit();
  const query = useQuery({ queryKey: ['game', 'collections'], queryFn: fetchCollections, retry: false });
  const first = query.data?.find(availableIn(country));
  usePageTitle(t('pages.categories.title'));

  if (query.isPending) return <PageLoading />;
  if (first) return <Navigate to={localize(`/categories/${encodeURIComponent(first.identity)}`) + search} replace />;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{t('pages.categories.title')}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t('pages.categories.empty')}</p>
      </div>
      <ComingSoonNotice message={t('pages.category.soon')} />
    </div>
  );
}
